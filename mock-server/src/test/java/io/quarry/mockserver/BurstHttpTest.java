package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.Burst;
import io.quarry.mockserver.testing.TestClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A load test's burst against a mock server with the default settings: 2,000 searches sent at once, each on its
 * own connection, are all answered 200 with the right hits (none refused as overload). Every connection is open and
 * its search written before the first answer is read ({@link Burst}).
 */
@Timeout(300) // a hang guard, as the timeouts below: on a loaded machine 2,000 searches take seconds
class BurstHttpTest {

    private static final int SEARCHES = 2_000;

    @Test
    void twoThousandConcurrentSearchesAreAllAnswered() throws Exception {
        try (MockServer server = MockServer.builder().start()) {
            TestClient admin = new TestClient(server);
            admin.post(
                            "/1/indexes/burst/batch",
                            jq("{'requests':[{'action':'addObject','body':{'objectID':'a','name':'red apple'}},"
                                    + "{'action':'addObject','body':{'objectID':'b','name':'green pear'}}]}"))
                    .requireOk();
            byte[] search = Burst.request(
                    "POST",
                    "/1/indexes/burst/query",
                    server.applicationId(),
                    server.adminKey(),
                    jq("{'query':'apple'}"));
            Map<String, Integer> outcomes;
            try (Burst burst = new Burst(server.host(), server.port(), search, SEARCHES, Duration.ofSeconds(240))) {
                outcomes = burst.outcomes(answer -> answer.status() != 200
                        ? String.valueOf(answer.status())
                        : hitsOf(TestClient.json(answer.body())));
            }
            // on a failure, the server's side too: the connections it closed unanswered, by reason
            assertThat(outcomes)
                    .as(() -> "hosts as the server saw them: " + serverSide(admin))
                    .isEqualTo(Map.of("[a]", SEARCHES));
        }
    }

    /**
     * {@return the hosts as the server counts them (the connections it closed unanswered, by reason), or why it did
     *     not say: bounded well within the test's timeout, so that a server no longer answering still lets the
     *     outcomes be reported}
     */
    private static String serverSide(TestClient admin) {
        try {
            return String.valueOf(admin.send(admin.request("GET", "/_mock/hosts", null)
                            .timeout(Duration.ofSeconds(5))
                            .build())
                    .body());
        } catch (RuntimeException e) {
            return "not told: " + e;
        }
    }

    private static String hitsOf(JsonNode body) {
        List<String> ids = new ArrayList<>();
        body.get("hits").forEach(hit -> ids.add(hit.get("objectID").stringValue()));
        return ids.toString();
    }
}
