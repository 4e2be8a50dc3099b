package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Highlight tags and snippet ellipses are the request's own texts: what they add to one answer is bounded. */
class HighlightBudgetHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    // a hang guard: the answer's length is the check (each match's tags ran the server out of memory, a 503)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void longTagsOverManyMatchesStopAtTheBudgetAndTheTextStaysWhole() {
        String text = "word ".repeat(20_000).trim();
        client.put("/1/indexes/tags/r1", "{\"t\":\"" + text + "\"}");
        String tag = "x".repeat(200_000);

        Reply reply = client.post(
                "/1/indexes/tags/query",
                "{\"query\":\"word\",\"highlightPreTag\":\"" + tag + "\",\"highlightPostTag\":\"\"}");

        assertThat(reply.status()).as("it ran out of memory").isEqualTo(200);
        JsonNode highlight =
                reply.body().get("hits").get(0).get("_highlightResult").get("t");
        String value = highlight.get("value").stringValue();
        assertThat(value.length()).isLessThanOrEqualTo(4_000_000 + text.length());
        assertThat(value.replace(tag, "")).isEqualTo(text);
        assertThat(highlight.get("matchLevel").stringValue()).isEqualTo("full");
    }

    @Test
    void defaultTagsAreUnaffected() {
        client.put("/1/indexes/plain/r1", "{\"t\":\"red shoe, red hat\"}");

        Reply reply = client.post("/1/indexes/plain/query", "{\"query\":\"red\",\"attributesToSnippet\":[\"t:2\"]}");

        JsonNode hit = reply.body().get("hits").get(0);
        assertThat(hit.get("_highlightResult").get("t").get("value").stringValue())
                .isEqualTo("<em>red</em> shoe, <em>red</em> hat");
        assertThat(hit.get("_snippetResult").get("t").get("value").stringValue())
                .isEqualTo("<em>red</em> shoe\u2026");
    }
}
