package io.quarry.mockserver.internal.products.answers;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * A prediction whose body is no JSON object is refused as an invalid field is, the way the answers API documents
 * a malformed request: a 422 with {@code detail} and {@code received}; it was a 400 without either, so a caller
 * reading {@code detail} found nothing. Whatever {@code received} echoes has its keys masked.
 */
class AnswersMalformedBodyHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private Reply predict(String body) {
        return client.post("/1/answers/faq/prediction", body);
    }

    private static void assertRefused(Reply reply, String msg, String what) {
        assertThat(reply.status()).as("%s -> %s", what, reply).isEqualTo(422);
        assertThat(reply.body().get("status").asInt()).as(what).isEqualTo(422);
        assertThat(reply.body().get("message").stringValue()).as(what).isEqualTo("Invalid request: " + msg);
        JsonNode detail = reply.body().get("detail");
        assertThat(detail.size()).as(what).isOne();
        assertThat(detail.get(0).get("msg").stringValue()).as(what).isEqualTo(msg);
        assertThat(detail.get(0).get("location")).as(what).containsExactly(TestClient.json("\"body\""));
        assertThat(reply.body().has("received")).as(what).isTrue();
    }

    @Test
    void aBodyThatIsNoJsonIsA422EchoingItsText() {
        for (String body : List.of("{bad", "{\"query\": \"x\",", "NaN", "query=x")) {
            Reply reply = predict(body);
            assertRefused(reply, "JSON decode error", body);
            assertThat(reply.body().get("received").stringValue()).as(body).isEqualTo(body);
        }
        Reply long_ = predict("[" + "1,".repeat(5_000));
        assertRefused(long_, "JSON decode error", "a long body");
        assertThat(long_.body().get("received").stringValue())
                .hasSize(InvalidPrediction.MAX_ECHOED_TEXT + 3)
                .endsWith("...");
    }

    @Test
    void aBodyOfAnotherJsonTypeIsA422EchoingIt() {
        for (String body : List.of("[]", "[{\"query\": \"x\"}]", "\"x\"", "5", "true", "null")) {
            Reply reply = predict(body);
            assertRefused(reply, "value is not a valid dict", body);
            assertThat(reply.body().get("received")).as(body).isEqualTo(TestClient.json(body));
        }
    }

    @Test
    void theKeysAnEchoedBodyHoldsAreMasked() {
        String key = MOCK.server().adminKey();
        for (String body : List.of(
                "{\"query\": \"x\", \"queryLanguages\": [\"en\"], \"nbHits\": \"" + key + "\"}",
                "{\"queryLanguages\": [\"en\"], \"" + key + "\": 1}",
                "[[{\"a\": [\"" + key + "\"]}]]",
                "\"" + key + "\"",
                "{bad " + key)) {
            Reply reply = predict(body);
            assertThat(reply.status()).as(body).isEqualTo(422);
            assertThat(reply.body().get("received").toString()).as(body).doesNotContain(key);
        }
    }
}
