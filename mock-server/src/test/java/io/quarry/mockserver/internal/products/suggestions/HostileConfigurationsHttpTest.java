package io.quarry.mockserver.internal.products.suggestions;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Configurations with odd names and members over HTTP: what is refused up front, and builds that end with a clear
 * log instead of an internal failure.
 */
class HostileConfigurationsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed() {
        client.put("/1/indexes/products/settings", jq("{'attributesForFaceting':['brand']}"))
                .requireOk();
        for (int i = 0; i < 3; i++) {
            client.put("/1/indexes/products/" + i, jq("{'name':'running shoes','brand':'Acme'}"))
                    .requireOk();
        }
        client.post("/1/indexes/products/query", jq("{'query':'running shoes'}"))
                .requireOk();
    }

    private Reply create(String config) {
        return client.post("/1/configs", jq(config));
    }

    private String log(String index) throws Exception {
        return client.http()
                .send(client.request("GET", "/1/logs/" + index, null).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    @Test
    void namesTheOtherRoutesCannotReachAreRefused() {
        String tooLong = "\u00e9".repeat(300); // 300 characters, 600 bytes
        for (String name : new String[] {"*", tooLong, "a\\u0001b", "\\ud800"}) {
            Reply suggestions = create("{'indexName':'" + name + "','sourceIndices':[{'indexName':'products'}]}");
            Reply source = create("{'indexName':'s','sourceIndices':[{'indexName':'" + name + "'}]}");
            Reply external =
                    create("{'indexName':'s','sourceIndices':[{'indexName':'products','external':['" + name + "']}]}");

            assertThat(suggestions.status()).as(name).isEqualTo(400);
            assertThat(suggestions.body().get("message").asString()).contains("not a valid index name");
            assertThat(source.status()).as(name).isEqualTo(400);
            assertThat(external.status()).as(name).isEqualTo(400);
        }
        assertThat(client.get("/1/configs").body().size()).isZero();
    }

    @Test
    void blankNamesAreRefusedWhereverTheyCome() {
        Reply path = client.put("/1/configs/%20", jq("{'sourceIndices':[{'indexName':'products'}]}"));
        Reply external = create("{'indexName':'s','sourceIndices':[{'indexName':'products','external':[' ']}]}");

        assertThat(path.status()).as("%s", path).isEqualTo(400);
        assertThat(external.status()).as("%s", external).isEqualTo(400);
        assertThat(client.get("/1/configs").body().size()).isZero();
    }

    @Test
    void aBodyIndexNameThatIsNotTheTextOfThePathIsRefused() {
        Reply number = client.put("/1/configs/5", jq("{'indexName':5,'sourceIndices':[{'indexName':'products'}]}"));

        assertThat(number.status()).as("%s", number).isEqualTo(400);
    }

    @Test
    void aBuildNeverReplacesTheRecordsOfAnIndexAConfigurationReads() throws Exception {
        client.put("/1/indexes/popular/1", jq("{'query':'hiking boots','count':4}"))
                .requireOk();
        create("{'indexName':'s','sourceIndices':[{'indexName':'products','external':['popular']}]}")
                .requireOk();

        create("{'indexName':'products','sourceIndices':[{'indexName':'products'}]}")
                .requireOk();
        create("{'indexName':'popular','sourceIndices':[{'indexName':'products'}]}")
                .requireOk();

        assertThat(nbHits("products")).isEqualTo(3);
        assertThat(nbHits("popular")).isOne();
        assertThat(log("products"))
                .contains("\"ERROR\"")
                .contains("Index products is a source or external index of the configuration of s:"
                        + " no suggestions written");
        assertThat(log("popular"))
                .contains("Index popular is a source or external index of the configuration of s:"
                        + " no suggestions written");
        assertThat(client.get("/1/configs/popular/status")
                        .body()
                        .get("lastSuccessfulBuiltAt")
                        .isNull())
                .isTrue();

        client.delete("/1/configs/s").requireOk();
        client.put("/1/configs/popular", jq("{'sourceIndices':[{'indexName':'products'}]}"))
                .requireOk();
        assertThat(log("popular")).doesNotContain("ERROR");
        assertThat(client.post("/1/indexes/popular/query", jq("{'query':'','analytics':false}"))
                        .body()
                        .at("/hits/0/query")
                        .asString())
                .isEqualTo("running shoes");
    }

    @Test
    void norTheRecordsOfAnIndexWhoseReplicaAConfigurationReads() throws Exception {
        client.put("/1/indexes/catalog/settings", jq("{'replicas':['catalog_desc']}"))
                .requireOk();
        client.put("/1/indexes/catalog/1", jq("{'name':'lamp'}")).requireOk();
        client.put("/1/indexes/catalog/2", jq("{'name':'desk'}")).requireOk();
        create("{'indexName':'s','sourceIndices':[{'indexName':'catalog_desc'}]}")
                .requireOk();

        create("{'indexName':'catalog','sourceIndices':[{'indexName':'products'}]}")
                .requireOk();

        assertThat(nbHits("catalog")).isEqualTo(2);
        assertThat(nbHits("catalog_desc")).isEqualTo(2);
        assertThat(log("catalog"))
                .contains("Index catalog_desc, a replica of catalog, is a source or external index of the"
                        + " configuration of s: no suggestions written");
    }

    private int nbHits(String index) {
        return client.post("/1/indexes/" + index + "/query", jq("{'query':'','analytics':false}"))
                .requireOk()
                .body()
                .get("nbHits")
                .asInt();
    }

    @Test
    void onlyLanguageCodesTheServiceKnowsAreTaken() {
        for (String code : new String[] {"xx", "EN", "eng", "en-US", "pt-BR", "en-zz", "e"}) {
            Reply refused = create(
                    "{'indexName':'s','languages':['fr','" + code + "'],'sourceIndices':[{'indexName':'products'}]}");

            assertThat(refused.status()).as(code).isEqualTo(400);
            assertThat(refused.body().get("message").asString()).as(code).startsWith("languages[1] ");
        }
        create("{'indexName':'s','languages':['en','de','ja','fr','pt-br'],'sourceIndices':[{'indexName':'products'}]}")
                .requireOk();
    }

    @Test
    void aFacetAttributeThatIsNotFacetableIsLoggedByName() throws Exception {
        create(
                        "{'indexName':'s1','sourceIndices':[{'indexName':'products','facets':[{'attribute':'color','amount':2}]}]}")
                .requireOk();
        create("{'indexName':'s2','sourceIndices':[{'indexName':'products','generate':[['color']]}]}")
                .requireOk();

        assertThat(log("s1"))
                .contains("Attribute color is not in the attributesForFaceting of index products")
                .doesNotContain("Build failed");
        assertThat(log("s2"))
                .contains("Attribute color is not in the attributesForFaceting of index products")
                .doesNotContain("Build failed");
    }

    @Test
    void aSourceNamedLikeAMemberOfTheSuggestionsLeavesThatMemberAlone() throws Exception {
        for (String name : new String[] {"query", "objectID", "popularity", "nb_words", "_tags", "_geoloc"}) {
            client.put("/1/indexes/" + name + "/1", jq("{'name':'running shoes'}"))
                    .requireOk();
            client.post("/1/indexes/" + name + "/query", jq("{'query':'running shoes'}"))
                    .requireOk();
            String suggestions = "s_" + name;

            create("{'indexName':'" + suggestions + "','languages':['en'],'sourceIndices':[{'indexName':'" + name
                            + "'}]}")
                    .requireOk();

            assertThat(log(suggestions)).as(name).doesNotContain("Build failed").contains("left out");
            JsonNode hit = client.post("/1/indexes/" + suggestions + "/query", jq("{'query':''}"))
                    .requireOk()
                    .body()
                    .at("/hits/0");
            assertThat(hit.get("objectID").asString()).as(name).isEqualTo("running shoes");
            assertThat(hit.get("query").asString()).as(name).isEqualTo("running shoes");
            assertThat(hit.get("popularity").asLong()).as(name).isEqualTo(1);
            assertThat(hit.get("nb_words").asInt()).as(name).isEqualTo(2);
        }
    }

    @Test
    void externalCountsPastALongsRangeKeepThePopularityAtItsLargest() {
        String max = String.valueOf(Long.MAX_VALUE);
        client.put("/1/indexes/ext1/1", "{\"query\":\"running shoes\",\"count\":" + max + "}")
                .requireOk();
        client.put("/1/indexes/ext2/1", "{\"query\":\"running shoes\",\"count\":" + max + "}")
                .requireOk();
        client.put("/1/indexes/ext2/2", "{\"query\":\"huge\",\"count\":99999999999999999999999}")
                .requireOk();
        client.put("/1/indexes/ext2/3", "{\"query\":\"float\",\"count\":1e30}").requireOk();
        client.put("/1/indexes/ext2/4", "{\"query\":\"below\",\"count\":-1e30}").requireOk();

        create("{'indexName':'s','sourceIndices':[{'indexName':'products','external':['ext1','ext2']}]}")
                .requireOk();

        JsonNode hits = client.post("/1/indexes/s/query", jq("{'query':''}"))
                .requireOk()
                .body()
                .get("hits");
        Map<String, Long> popularity = new HashMap<>();
        hits.forEach(hit -> popularity.put(
                hit.get("query").asString(), hit.get("popularity").asLong()));
        assertThat(popularity)
                .containsOnly(
                        Map.entry("running shoes", Long.MAX_VALUE),
                        Map.entry("huge", Long.MAX_VALUE),
                        Map.entry("float", Long.MAX_VALUE));
    }

    @Test
    void aNullMinHitsLetsTheOtherSpellingCount() {
        create("{'indexName':'s','sourceIndices':[{'indexName':'products','minHits':null,'minHit':3}]}")
                .requireOk();

        assertThat(client.get("/1/configs/s")
                        .requireOk()
                        .body()
                        .at("/sourceIndices/0/minHit")
                        .asInt())
                .isEqualTo(3);
    }
}
