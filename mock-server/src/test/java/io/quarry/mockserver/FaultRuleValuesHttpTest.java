package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The members of a fault rule sent over HTTP, as written: a value of another JSON type, a fraction where a whole
 * number belongs or a value out of range is a 400 naming the member, never read as another value (a count of
 * {@code "2"} was read as no limit, a share of {@code "0.1"} as every request, a delay of {@code 1e30} as none), and
 * the embedded script's counts are at least 1 as documented (-1 was a rule without end).
 */
@Timeout(30)
class FaultRuleValuesHttpTest {

    private static final long SEED = 20261129L;

    /** Values that no member takes, whatever its type. */
    private static final List<String> ANY_WRONG = List.of("\"2\"", "true", "[1]", "{\"a\": 1}", "\"\"");

    /** Per member: values of its type that it still refuses (fractions, out of range). */
    private static final Map<String, List<String>> WRONG_FOR = Map.of(
            "count", List.of("2.5", "0", "-3", "1e12", "99999999999999999999"),
            "share", List.of("0", "-0.5", "1.0001", "2"),
            "seed", List.of("0.5", "99999999999999999999", "1e30"),
            "method", List.of("\"\"", "\"G T\"", "\"GET\\n\"", "5"),
            "path", List.of("\"/1/indexes/a/query?x=1\"", "\"/1/#top\"", "\"/1/a b\"", "\"/1/\\u0000\"", "\"x\""),
            "fault.status", List.of("503.5", "100", "0", "4294967799", "1e3"),
            "fault.delayMs", List.of("1.5", "-1", "60001", "1e30", "99999999999999999999999"));

    private static MockServer server;
    private static TestClient client;

    @BeforeAll
    static void start() {
        server = MockServer.builder().hosts(2).start();
        client = new TestClient(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void wrongValuesOfEveryMemberAreRefusedAndNothingIsScripted() {
        Random random = new Random(SEED);
        List<String> members = List.copyOf(new java.util.TreeSet<>(WRONG_FOR.keySet()));
        for (int round = 0; round < 40; round++) {
            String member = members.get(random.nextInt(members.size()));
            // a string is a method's own type: "2" could name one
            List<String> values = random.nextBoolean() || member.equals("method") ? WRONG_FOR.get(member) : ANY_WRONG;
            String value = values.get(random.nextInt(values.size()));
            Reply reply = client.post("/_mock/faults", rule(member, value));
            String name = member.substring(member.indexOf('.') + 1);
            assertThat(reply.status())
                    .as("seed %d, round %d: %s = %s -> %s", SEED, round, member, value, reply)
                    .isEqualTo(400);
            assertThat(reply.body().get("message").stringValue())
                    .as("seed %d, round %d: %s = %s", SEED, round, member, value)
                    .contains(name);
        }
        assertThat(client.get("/_mock/faults").body().get("faults")).isEmpty();
    }

    @Test
    void everyValueOutOfItsMembersRangeIsRefused() {
        WRONG_FOR.forEach((member, values) -> {
            for (String value : values) {
                Reply reply = client.post("/_mock/faults", rule(member, value));
                assertThat(reply.status())
                        .as("%s = %s -> %s", member, value, reply)
                        .isEqualTo(400);
            }
        });
        assertThat(client.get("/_mock/faults").body().get("faults")).isEmpty();
    }

    @Test
    void valuesOfTheRightTypeAreKeptAsWritten() {
        String rule = "{\"method\": \"get\", \"path\": \"/1/indexes/*\", \"count\": 3, \"share\": 0.5, \"seed\": -7,"
                + " \"fault\": {\"type\": \"status\", \"status\": 503, \"delayMs\": 0,"
                + " \"headers\": {\"Retry-After\": \"1\"}}}";
        assertThat(client.post("/_mock/faults", rule).status()).isEqualTo(200);
        assertThat(client.post("/_mock/faults", "{\"count\": null, \"share\": null, \"fault\": {\"type\": \"delay\"}}")
                        .status())
                .as("null is the default")
                .isEqualTo(200);
        try {
            JsonNode listed = client.get("/_mock/faults").body().get("faults");
            assertThat(listed).hasSize(2);
            assertThat(listed.get(0).get("method").stringValue()).isEqualTo("GET");
            assertThat(listed.get(0).get("remaining").intValue()).isEqualTo(3);
            assertThat(listed.get(0).get("share").doubleValue()).isEqualTo(0.5);
            assertThat(listed.get(0).get("seed").longValue()).isEqualTo(-7);
            assertThat(listed.get(1).get("remaining").intValue()).isEqualTo(-1);
            assertThat(listed.get(1).get("share").doubleValue()).isEqualTo(1.0);
        } finally {
            client.delete("/_mock/faults");
        }
    }

    @Test
    void aHeaderValueMustBeAString() {
        Reply reply = client.post(
                "/_mock/faults", "{\"fault\": {\"type\": \"status\", \"status\": 503, \"headers\": {\"X-A\": 5}}}");
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).contains("X-A");
    }

    @Test
    void aHostsNextCountIsAWholeNumberAndHostsAreNamedInAsciiDigits() {
        for (String count : List.of("2.5", "\"2\"", "true", "0", "1e12")) {
            Reply reply = client.post(
                    "/_mock/hosts/1/faults",
                    "{\"type\": \"next\", \"count\": " + count
                            + ", \"fault\": {\"type\": \"status\", \"status\": 503}}");
            assertThat(reply.status()).as("count %s -> %s", count, reply).isEqualTo(400);
        }
        for (String host : List.of("+1", "%EF%BC%91", "-0", "%00", "1%2F..%2F0")) {
            Reply reply = client.delete("/_mock/hosts/" + host + "/faults");
            assertThat(reply.status()).as("host %s -> %s", host, reply).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue()).doesNotContain("\u0000");
        }
        assertThat(client.delete("/_mock/hosts/1/faults").status()).isEqualTo(200);
        assertThat(client.get("/_mock/hosts").body().get("hosts").get(1).get("faults"))
                .isEmpty();
    }

    /**
     * A member a rule does not have is refused, naming it: a misspelt {@code "times"} left the count at its default,
     * and a rule meant for one request of one path faulted every request of every path until cleared.
     */
    @Test
    void aMemberTheRuleDoesNotHaveIsRefused() {
        for (String rule : List.of(
                "{\"path\": \"/1/indexes/*/query\", \"times\": 1, \"fault\": {\"type\": \"status\", \"status\": 503}}",
                "{\"match\": {\"path\": \"/1/keys\"}, \"fault\": {\"type\": \"status\", \"status\": 503}}",
                "{\"count\": 1, \"fault\": {\"type\": \"status\", \"status\": 429, \"header\": {\"Retry-After\": \"1\"}}}")) {
            Reply reply = client.post("/_mock/faults", rule);
            assertThat(reply.status()).as("%s -> %s", rule, reply).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue())
                    .containsPattern("unknown member (times|match|header)");
        }
        Reply host = client.post(
                "/_mock/hosts/1/faults",
                "{\"type\": \"next\", \"count\": 1, \"delayMs\": 5, \"fault\": {\"type\": \"status\", \"status\": 503}}");
        assertThat(host.status()).as(host.toString()).isEqualTo(400);
        assertThat(host.body().get("message").stringValue()).contains("unknown member delayMs");
        assertThat(client.get("/_mock/faults").body().get("faults")).isEmpty();
        assertThat(client.get("/_mock/hosts").body().get("hosts").get(1).get("faults"))
                .isEmpty();
    }

    @Test
    void theEmbeddedScriptTakesACountOfAtLeastOne() {
        for (int count : new int[] {0, -1, Integer.MIN_VALUE}) {
            assertThatThrownBy(() -> server.faults().next(count, "*", "/**", Fault.status(503)))
                    .as("next(%d)", count)
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> server.faults().nextShare(count, 0.5, 1, "*", "/**", Fault.status(503)))
                    .as("nextShare(%d)", count)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(server.faults().active()).isZero();
    }

    /** A status fault with one member (dotted: of the fault object) set to the value. */
    private static String rule(String member, String value) {
        if (member.startsWith("fault.")) {
            String fault = member.equals("fault.status")
                    ? "{\"type\": \"status\", \"status\": " + value + "}"
                    : "{\"type\": \"status\", \"status\": 503, \"delayMs\": " + value + "}";
            return "{\"fault\": " + fault + "}";
        }
        return "{\"" + member + "\": " + value + ", \"fault\": {\"type\": \"status\", \"status\": 503}}";
    }
}
