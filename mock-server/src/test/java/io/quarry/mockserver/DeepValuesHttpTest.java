package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A value nested as deep as a body may hold is answered too, inside whatever answer holds it. */
class DeepValuesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    /** JSON arrays nested {@code levels} deep around a 1. */
    private static String nested(int levels) {
        return "[".repeat(levels) + "1" + "]".repeat(levels);
    }

    @Test
    void aRulesUserDataNestedToTheBodyLimitIsAnsweredInEverySearch() throws Exception {
        client.put("/1/indexes/deep/deep-1", "{\"title\": \"phone\"}").requireOk();
        // the body nests the rule, its consequence and the userData object, then 497 levels of arrays: 500 in all
        String rule = "{\"objectID\":\"r\",\"conditions\":[{\"pattern\":\"phone\",\"anchoring\":\"contains\"}],"
                + "\"consequence\":{\"userData\":{\"deep\":" + nested(497) + "}}}";
        client.put("/1/indexes/deep/rules/r", rule).requireOk();

        TestClient.Reply search = client.post("/1/indexes/deep/query", "{\"query\":\"phone\"}");
        assertThat(search.status()).as(search.toString()).isEqualTo(200);
        assertThat(search.body().get("userData")).hasSize(1);
        // a multi-search answer holds it two levels deeper than the body that saved it, deeper than a default reader
        // takes (so read here as text)
        String queries = "{\"requests\":[{\"indexName\":\"deep\",\"query\":\"phone\"}]}";
        HttpResponse<String> multi = client.http()
                .send(
                        client.request("POST", "/1/indexes/*/queries", queries).build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(multi.statusCode()).as(multi.body()).isEqualTo(200);
        assertThat(multi.body()).startsWith("{\"results\":[{").contains("\"userData\":[{\"deep\":[[[");
        assertThat(client.get("/1/indexes/deep/rules/r").status()).isEqualTo(200);
    }
}
