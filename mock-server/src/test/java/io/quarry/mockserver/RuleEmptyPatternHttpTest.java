package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A rule pattern without words describes the empty query, whatever its anchoring. */
class RuleEmptyPatternHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private boolean applies(String query) {
        Reply reply = client.post("/1/indexes/shop/query", "{\"query\":\"" + query + "\"}")
                .requireOk();
        return !reply.body().path("appliedRules").isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"'',is", "'',startsWith", "'',endsWith", "'',contains", "'!!!',startsWith", "' - ',contains"})
    void appliesToTheEmptyQueryOnly(String pattern, String anchoring) {
        client.put("/1/indexes/shop/o1", "{\"name\":\"red phone\"}").requireOk();
        Reply saved = client.put(
                "/1/indexes/shop/rules/r",
                jq("{'conditions':[{'pattern':'" + pattern + "','anchoring':'" + anchoring
                        + "'}],'consequence':{'userData':1}}"));
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
        assertThat(applies("")).as("the empty query").isTrue();
        assertThat(applies("phone")).as("a query of one word").isFalse();
        assertThat(applies("red phone")).as("a query of two words").isFalse();
    }

    @Test
    void aQueryOfSeparatorsOnlyIsEmpty() {
        client.put(
                "/1/indexes/shop/rules/r",
                jq("{'conditions':[{'pattern':'','anchoring':'is'}],'consequence':{'userData':1}}"));
        assertThat(applies(" - ")).isTrue();
    }
}
