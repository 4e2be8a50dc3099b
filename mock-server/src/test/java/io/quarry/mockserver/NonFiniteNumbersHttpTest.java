package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * NaN-like JSON as the service takes it: a bare {@code NaN} or {@code Infinity} token is no JSON, so any body
 * holding one is a 400 "Invalid JSON" wherever it sits, and nothing is stored; the strings {@code "NaN"} and
 * {@code "Infinity"} are strings like any other; numbers at a double's edges read back as documented.
 */
class NonFiniteNumbersHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final long SEED = 20261129L;
    private static final List<String> TOKENS = List.of("NaN", "Infinity", "-Infinity", "+Infinity", "-NaN", "nan");

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void aBareNonFiniteTokenAnywhereInABodyIsInvalidJsonAndStoresNothing() {
        Random random = new Random(SEED);
        for (int i = 0; i < 8; i++) {
            String token = TOKENS.get(random.nextInt(TOKENS.size()));
            String value = switch (random.nextInt(3)) {
                case 0 -> token;
                case 1 -> "[1, " + token + "]";
                default -> "{\"deep\": {\"v\": " + token + "}}";
            };
            String context = "seed " + SEED + ", body " + i + ": " + value;
            List<Reply> replies = List.of(
                    client.put("/1/indexes/nonfinite/r" + i, "{\"price\": " + value + "}"),
                    client.post(
                            "/1/indexes/nonfinite/batch",
                            "{\"requests\":[{\"action\":\"addObject\",\"body\":{\"objectID\":\"b" + i + "\",\"p\":"
                                    + value + "}}]}"),
                    client.put("/1/indexes/nonfinite/settings", "{\"customRanking\": " + value + "}"),
                    client.post("/1/indexes/nonfinite/query", "{\"aroundRadius\": " + value + "}"));
            for (Reply reply : replies) {
                assertThat(reply.status()).as(context).isEqualTo(400);
                assertThat(reply.body().get("message").stringValue())
                        .as(context)
                        .startsWith("Invalid JSON");
            }
        }
        assertThat(client.get("/1/indexes/nonfinite/r0").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/nonfinite/b0").status()).isEqualTo(404);
    }

    @Test
    void theStringsNaNAndInfinityStayStrings() {
        client.put("/1/indexes/texts/t1", jq("{'a':'NaN','b':['Infinity','-Infinity']}"))
                .requireOk();

        Reply read = client.get("/1/indexes/texts/t1");

        assertThat(read.body().get("a").isString()).isTrue();
        assertThat(read.body().get("a").stringValue()).isEqualTo("NaN");
        assertThat(read.body().get("b").get(1).stringValue()).isEqualTo("-Infinity");
    }

    @Test
    void numbersAtADoublesEdgesReadBackAsDocumented() {
        assertThat(client.put("/1/indexes/edges/huge", "{\"v\": 1e400}").status())
                .isEqualTo(400);
        client.put("/1/indexes/edges/e1", "{\"zero\": -0.0, \"tiny\": 1e-400, \"subnormal\": 4.9e-324}")
                .requireOk();

        Reply read = client.get("/1/indexes/edges/e1");

        assertThat(Double.doubleToRawLongBits(read.body().get("zero").doubleValue()))
                .isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(read.body().get("tiny").doubleValue()).isZero(); // below the smallest double: rounds to 0
        assertThat(read.body().get("subnormal").doubleValue()).isEqualTo(Double.MIN_VALUE);
    }
}
