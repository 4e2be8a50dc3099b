package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * No search wedges the server or kills the connection: long queries and deeply nested filters answer a 400
 * quickly, wherever the filters come from (the request, browse, delete by query, a secured key, a key's forced
 * query parameters), and the server keeps answering afterwards. The 400s' messages are the checks (the engine's
 * refusals are pinned in {@code EngineBoundsTest}); the timeout only guards against a hang.
 */
@Timeout(120)
class SearchBoundsHttpTest {

    private static final String DEEP_PARENS = "(".repeat(2_000) + "kind:even" + ")".repeat(2_000);
    private static final String MANY_NOTS = "NOT ".repeat(8_000) + "kind:even";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            records.append(i == 0 ? "" : ",")
                    .append("{'objectID':'")
                    .append(i)
                    .append("','name':'item number ")
                    .append(i)
                    .append("','kind':'")
                    .append(i % 2 == 0 ? "even" : "odd")
                    .append("'}");
        }
        server.seed(jq(
                "{'indices':{'items':{'settings':{'attributesForFaceting':['kind']},'records':[" + records + "]}}}"));
    }

    private static String body(String name, String value) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put(name, value);
        return body.toString();
    }

    @Test
    void aLongQueryWordAnswers400Quickly() {
        Reply reply = client.post("/1/indexes/items/query", body("query", "a".repeat(10_000)));
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue())
                .contains("query: too long")
                .contains("512");
        Reply words = client.post("/1/indexes/items/query", body("query", "item ".repeat(2_000)));
        assertThat(words.status()).isEqualTo(400);
        assertThat(client.post("/1/indexes/items/query", body("query", "item " + "n".repeat(500)))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void deeplyNestedFiltersAnswer400() {
        for (String filters : new String[] {DEEP_PARENS, MANY_NOTS}) {
            Reply reply = client.post("/1/indexes/items/query", body("filters", filters));
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue()).startsWith("filters: too deeply nested");
            assertThat(client.post("/1/indexes/items/browse", body("filters", filters))
                            .status())
                    .isEqualTo(400);
            assertThat(client.post("/1/indexes/items/deleteByQuery", body("filters", filters))
                            .status())
                    .isEqualTo(400);
        }
        assertThat(client.post("/1/indexes/items/query", body("filters", "NOT kind:even"))
                        .body()
                        .get("nbHits")
                        .asInt())
                .as("the server still answers")
                .isEqualTo(100);
    }

    @Test
    void deeplyNestedFiltersOfASecuredKeyAnswer400() {
        String parent = client.createKey(jq("{'acl':['search']}"));
        String deep = "(".repeat(300) + "kind:even" + ")".repeat(300);
        TestClient secured = client.withKey(SecuredKeyFactory.generate(parent, Map.of("filters", deep)));
        Reply reply = secured.post("/1/indexes/items/query", "{}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).startsWith("filters: too deeply nested");
    }

    @Test
    void deeplyNestedFiltersInAKeysQueryParametersAnswer400() {
        String forced = "filters=" + URLEncoder.encode(MANY_NOTS, StandardCharsets.UTF_8);
        ObjectNode key = JsonNodeFactory.instance.objectNode();
        key.putArray("acl").add("search");
        key.put("queryParameters", forced);
        TestClient user = client.withKey(client.createKey(key.toString()));
        Reply reply = user.post("/1/indexes/items/query", "{}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).startsWith("filters: too deeply nested");
    }
}
