package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Rule endpoints: save, batch (clearExistingRules, forwardToReplicas), get, delete, clear, search, validation. */
class RulesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void reset() {
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price','virtual(shop_virtual)']}"));
    }

    private String rule(String id, String pattern, String anchoring) {
        return jq("{'objectID':'" + id + "','conditions':[{'pattern':'" + pattern + "','anchoring':'" + anchoring
                + "'}],'consequence':{'params':{'filters':'brand:x'}}}");
    }

    @Test
    void saveGetDeleteWithTasks() {
        Reply saved = client.put("/1/indexes/shop/rules/r1", rule("r1", "phone", "contains"));
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
        assertThat(saved.body().get("objectID").stringValue()).isEqualTo("r1");
        assertThat(saved.body().has("updatedAt")).isTrue();
        assertThat(saved.body().get("taskID").isIntegralNumber()).isTrue();
        assertThat(client.get("/1/indexes/shop/task/"
                                + saved.body().get("taskID").asLong())
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("published");
        Reply got = client.get("/1/indexes/shop/rules/r1");
        assertThat(got.body().get("conditions").get(0).get("anchoring").stringValue())
                .isEqualTo("contains");
        assertThat(client.get("/1/indexes/shop/rules/none").status()).isEqualTo(404);
        Reply deleted = client.delete("/1/indexes/shop/rules/r1");
        assertThat(deleted.body().has("deletedAt")).isTrue();
        assertThat(deleted.body().has("taskID")).isTrue();
        assertThat(client.get("/1/indexes/shop/rules/r1").status()).isEqualTo(404);
        assertThat(client.delete("/1/indexes/nowhere/rules/r1").status()).isEqualTo(404);
    }

    @Test
    void batchWithClearExistingRulesReplacesAll() {
        client.post("/1/indexes/shop/rules/batch", "[" + rule("a", "x", "is") + "," + rule("b", "y", "is") + "]");
        assertThat(client.post("/1/indexes/shop/rules/search", "{}")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(2);
        Reply replaced = client.post(
                "/1/indexes/shop/rules/batch?clearExistingRules=true", "[" + rule("c", "z", "startsWith") + "]");
        assertThat(replaced.body().has("taskID")).isTrue();
        assertThat(replaced.body().has("updatedAt")).isTrue();
        assertThat(client.get("/1/indexes/shop/rules/a").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/shop/rules/c").status()).isEqualTo(200);
        Reply invalid = client.post(
                "/1/indexes/shop/rules/batch?clearExistingRules=true",
                "[" + rule("d", "z", "is") + ",{'objectID':'e'}]".replace('\'', '"'));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(client.get("/1/indexes/shop/rules/c").status())
                .as("a refused batch changes nothing")
                .isEqualTo(200);
    }

    @Test
    void forwardToReplicasWritesTheReplicasNamedInSettings() {
        client.put("/1/indexes/shop/rules/r1?forwardToReplicas=true", rule("r1", "tv", "is"));
        assertThat(client.get("/1/indexes/shop_price/rules/r1").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/shop_virtual/rules/r1").status()).isEqualTo(200);
        client.put("/1/indexes/shop/rules/r2", rule("r2", "tv", "is"));
        assertThat(client.get("/1/indexes/shop_price/rules/r2").status())
                .as("not forwarded")
                .isEqualTo(404);
        client.post("/1/indexes/shop/rules/clear?forwardToReplicas=true", null);
        assertThat(client.get("/1/indexes/shop_price/rules/r1").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/shop/rules/r2").status()).isEqualTo(404);
        client.post("/1/indexes/shop/rules/batch?forwardToReplicas=true", "[" + rule("r3", "a", "is") + "]");
        client.delete("/1/indexes/shop/rules/r3?forwardToReplicas=true");
        assertThat(client.get("/1/indexes/shop_price/rules/r3").status()).isEqualTo(404);
    }

    @Test
    void searchOverRules() {
        client.post(
                "/1/indexes/shop/rules/batch",
                "[" + rule("promo-phone", "phone", "contains") + "," + rule("tv", "television", "is") + "]");
        Reply found = client.post("/1/indexes/shop/rules/search", jq("{'query':'phone'}"));
        assertThat(found.body().get("nbHits").asInt()).isEqualTo(1);
        assertThat(found.body().get("hits").get(0).get("objectID").stringValue())
                .isEqualTo("promo-phone");
        assertThat(client.post("/1/indexes/shop/rules/search", jq("{'anchoring':'is'}"))
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(1);
        Reply paged = client.post("/1/indexes/shop/rules/search", jq("{'hitsPerPage':1,'page':1}"));
        assertThat(paged.body().get("hits")).hasSize(1);
        assertThat(paged.body().get("nbPages").asInt()).isEqualTo(2);
    }

    @Test
    void unsupportedOrInvalidRulesAre400AtSaveTime() {
        assertThat(client.put(
                                "/1/indexes/shop/rules/x",
                                jq("{'conditions':[{'pattern':'a','anchoring':'near'}]," + "'consequence':{}}"))
                        .status())
                .isEqualTo(400);
        Reply rendering = client.put(
                "/1/indexes/shop/rules/x",
                jq("{'conditions':[{'pattern':'{facet:brand}',"
                        + "'anchoring':'contains'}],'consequence':{'params':{'renderingContent':{}}}}"));
        assertThat(rendering.status()).isEqualTo(400);
        assertThat(rendering.body().get("message").stringValue()).contains("not supported by the mock server");
        assertThat(client.put("/1/indexes/shop/rules/x", jq("{'conditions':[{'filters':'a:b'}],'consequence':{}}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.put("/1/indexes/shop/rules/x", jq("{'consequence':{'redirect':{}}}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.put("/1/indexes/shop/rules/x", jq("{'conditions':[]}"))
                        .status())
                .as("no consequence")
                .isEqualTo(400);
        assertThat(client.put("/1/indexes/shop/rules/x", rule("y", "a", "is")).status())
                .as("objectID mismatch")
                .isEqualTo(400);
    }
}
