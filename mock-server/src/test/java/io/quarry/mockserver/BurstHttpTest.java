package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A load test's burst against a mock server with the default settings: 2,000 searches sent at once, each on its
 * own connection, are all answered 200 with the right hits (none refused as overload).
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
            HttpClient http = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(120))
                    .build();
            List<CompletableFuture<String>> answers = new ArrayList<>();
            for (int i = 0; i < SEARCHES; i++) {
                HttpRequest search = admin.request("POST", "/1/indexes/burst/query", jq("{'query':'apple'}"))
                        .timeout(Duration.ofSeconds(240))
                        .build();
                answers.add(http.sendAsync(search, HttpResponse.BodyHandlers.ofString())
                        .handle((response, failure) -> failure != null
                                ? describe(failure)
                                : response.statusCode() != 200
                                        ? String.valueOf(response.statusCode())
                                        : hitsOf(TestClient.json(response.body()))));
            }
            Map<String, Integer> outcomes = new TreeMap<>();
            for (CompletableFuture<String> answer : answers) {
                outcomes.merge(answer.get(240, TimeUnit.SECONDS), 1, Integer::sum);
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

    /** The failure under the future's wrapper, class and message: a failed run then says what it met. */
    private static String describe(Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause.getClass().getName() + ": " + cause.getMessage();
    }

    private static String hitsOf(JsonNode body) {
        List<String> ids = new ArrayList<>();
        body.get("hits").forEach(hit -> ids.add(hit.get("objectID").stringValue()));
        return ids.toString();
    }
}
