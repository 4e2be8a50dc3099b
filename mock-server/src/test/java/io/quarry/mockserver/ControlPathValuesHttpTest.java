package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.HostsOnOneServer;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The values the control routes take in their paths (a fault rule's ID, a host's number, a journal entry's number):
 * one that is no whole number ({@code abc}, {@code -1}, {@code +1}, {@code 1e3}, another script's digits, past a
 * {@code long}) is a malformed request, a 400 saying what the value is; a whole number that names nothing is a 404;
 * another method is a 405 naming the route's own in {@code Allow}. A malformed ID answered as a 404 read as "that
 * rule already ended" to a test that had sent the wrong thing.
 */
@Timeout(60)
class ControlPathValuesHttpTest {

    /** Values no control path takes, as sent (escaped where needed). */
    private static final List<String> MALFORMED =
            List.of("abc", "-1", "+1", "-0", "1e3", "1.0", "0x1", "%EF%BC%91", "%20%31", "99999999999999999999");

    private final HostsOnOneServer fixture = new HostsOnOneServer(2);
    private final TestClient control = fixture.on(0);

    @AfterEach
    void close() {
        fixture.close();
    }

    private long scriptOnHost1() {
        return control.post(
                        "/_mock/hosts/1/faults",
                        "{\"type\": \"next\", \"count\": 5, \"fault\": {\"type\": \"status\", \"status\": 500}}")
                .requireOk()
                .body()
                .get("id")
                .asLong();
    }

    private static void assertMalformed(Reply reply, String path, String what) {
        assertThat(reply.status()).as("%s -> %s", path, reply).isEqualTo(400);
        assertThat(reply.body().get("status").asInt()).as(path).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).as(path).startsWith(what);
    }

    @Test
    void aRuleIdThatIsNoNumberIsA400AndANumberOfNoRuleA404() {
        long serverRule = fixture.server().faults().next(5, "GET", "/1/keys", Fault.status(503));
        long hostRule = scriptOnHost1();

        for (String id : MALFORMED) {
            assertMalformed(control.delete("/_mock/faults/" + id), id, "A fault rule's ID");
            assertMalformed(control.delete("/_mock/hosts/1/faults/" + id), id, "A fault rule's ID");
        }
        assertThat(control.delete("/_mock/faults/abc").body().get("message").stringValue())
                .isEqualTo("A fault rule's ID (the id its POST answered) is a whole number in ASCII digits, not 'abc'");
        for (String id : List.of("0", "999999", String.valueOf(Long.MAX_VALUE), "000" + (serverRule + 100))) {
            Reply server = control.delete("/_mock/faults/" + id);
            assertThat(server.status()).as(id).isEqualTo(404);
            assertThat(server.body().get("message").stringValue()).startsWith("No active fault rule");
            assertThat(control.delete("/_mock/hosts/1/faults/" + id).status())
                    .as(id)
                    .isEqualTo(404);
        }
        assertThat(fixture.server().faults().active()).isOne();
        assertThat(fixture.hosts().get(1).faults().ruleIds()).containsExactly(hostRule);
        assertThat(control.delete("/_mock/faults/00" + serverRule).status())
                .as("leading zeros name the same number")
                .isEqualTo(200);
        assertThat(fixture.server().faults().active()).isZero();
    }

    @Test
    void aHostThatIsNoNumberIsA400AndANumberOfNoHostA404() {
        long rule = scriptOnHost1();
        for (String host : MALFORMED) {
            assertMalformed(control.delete("/_mock/hosts/" + host + "/faults"), host, "A host's number");
            assertMalformed(control.delete("/_mock/hosts/" + host + "/faults/" + rule), host, "A host's number");
            assertMalformed(
                    control.post("/_mock/hosts/" + host + "/faults", "{\"type\": \"hold\", \"durationMs\": 1000}"),
                    host,
                    "A host's number");
        }
        for (String host : List.of("2", "10", String.valueOf(Long.MAX_VALUE))) {
            Reply reply = control.delete("/_mock/hosts/" + host + "/faults");
            assertThat(reply.status()).as(host).isEqualTo(404);
            assertThat(reply.body().get("message").stringValue())
                    .isEqualTo("No host " + host + ": the server has hosts 0 to 1");
        }
        assertThat(fixture.hosts().get(1).faults().ruleIds()).containsExactly(rule);
        assertThat(fixture.call(1)).isEqualTo(500);
    }

    @Test
    void aJournalEntryThatIsNoNumberIsA400AndANumberNoLongerHeldA404() {
        for (String seq : MALFORMED) {
            assertMalformed(control.get("/_mock/console/api/journal/" + seq), seq, "A journal entry's number");
        }
        Reply gone = control.get("/_mock/console/api/journal/" + Long.MAX_VALUE);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body().get("message").stringValue()).startsWith("The journal no longer holds entry");
    }

    @Test
    void anotherMethodOnAControlPathIsA405NamingTheRoutesOwn() {
        Map<String, String> allowed = Map.of(
                "/_mock/faults/1", "DELETE",
                "/_mock/faults/abc", "DELETE",
                "/_mock/hosts/1/faults", "DELETE, POST",
                "/_mock/hosts/abc/faults/1", "DELETE",
                "/_mock/console/api/journal/1", "GET",
                "/_mock/faults", "DELETE, GET, POST",
                "/_mock/hosts", "GET",
                "/_mock/reset", "POST");
        allowed.forEach((path, allow) -> {
            for (String method : List.of("GET", "PUT", "PATCH", "POST", "DELETE")) {
                if (allow.contains(method)) {
                    continue;
                }
                Reply reply = control.send(method, path, method.equals("GET") || method.equals("DELETE") ? null : "{}");
                assertThat(reply.status())
                        .as("%s %s -> %s", method, path, reply)
                        .isEqualTo(405);
                assertThat(reply.headers().firstValue("Allow"))
                        .as("%s %s", method, path)
                        .hasValue(allow);
                assertThat(reply.body().get("message").stringValue())
                        .startsWith("Method " + method + " is not allowed");
            }
        });
    }
}
