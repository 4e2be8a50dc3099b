package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A body that is no JSON, or JSON of another type than the object a call takes, is refused with the status each
 * API's documents give a call's malformed input, with {@code {"message", "status"}}: a 400 on the search API, the
 * query-suggestions API and the crawler, whose documents list it; a 422 on the insights and personalization calls,
 * whose documents list a 422 and no 400 (they answered 400). Nothing is stored.
 */
class MalformedBodiesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final List<String> MALFORMED = List.of("{bad", "[]", "[{\"events\": []}]", "\"x\"", "5", "NaN");

    private final TestClient client = new TestClient(MOCK.server());

    private static void assertRefused(Function<String, Reply> call, int status, String what) {
        for (String body : MALFORMED) {
            Reply reply = call.apply(body);
            assertThat(reply.status()).as("%s %s -> %s", what, body, reply).isEqualTo(status);
            assertThat(reply.body().get("status").asInt())
                    .as("%s %s", what, body)
                    .isEqualTo(status);
            assertThat(reply.body().get("message").stringValue())
                    .as("%s %s", what, body)
                    .isNotBlank();
        }
    }

    @Test
    void insightsAndPersonalizationRefuseThemWithA422() {
        assertRefused(body -> client.post("/1/events", body), 422, "events");
        assertRefused(body -> client.post("/1/strategies/personalization", body), 422, "strategy");
        assertThat(client.post("/1/events", "[]").body().get("message").stringValue())
                .isEqualTo("Invalid JSON: the body must be a JSON object");
        assertThat(client.post("/1/strategies/personalization", "{bad")
                        .body()
                        .get("message")
                        .stringValue())
                .isEqualTo("Invalid JSON");

        assertThat(client.get("/1/strategies/personalization").status()).isEqualTo(404);
    }

    @Test
    void searchSuggestionsAndCrawlerRefuseThemWithA400() {
        assertRefused(body -> client.post("/1/indexes/malformed/query", body), 400, "search");
        assertRefused(body -> client.post("/1/keys", body), 400, "keys");
        assertRefused(body -> client.post("/1/configs", body), 400, "suggestions");
        assertRefused(body -> client.crawler("POST", "/crawlers", body), 400, "crawler");

        assertThat(client.get("/1/configs").body()).isEmpty();
    }
}
