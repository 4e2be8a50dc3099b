package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Query-suggestions configurations and builds over HTTP: the build rules (minHits, minLetters, exclude, facets,
 * analytics tags, generate, external, languages), status and log, limits, errors and the admin-key check.
 */
class QuerySuggestionsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private TestClient client;

    @BeforeEach
    void seed(MockServer server) {
        client = new TestClient(server);
        client.put("/1/indexes/products/settings", jq("{'attributesForFaceting':['brand','color']}"))
                .requireOk();
        String[][] records = {
            {"running shoes", "Acme", "red"},
            {"running shoes", "Acme", "blue"},
            {"running shoes", "Acme", "red"},
            {"running shoe light", "Zeta", "red"},
            {"running shoes trail", "Zeta", "green"},
            {"running shoes road", "Acme", "red"},
            {"hiking boots", "Zeta", "brown"},
            {"hiking boots", "Zeta", "brown"},
            {"hiking boots", "Acme", "brown"},
            {"hiking boots", "Zeta", "black"},
            {"hiking boots", "Zeta", "brown"},
        };
        for (int i = 0; i < records.length; i++) {
            client.put(
                            "/1/indexes/products/" + i,
                            jq("{'name':'" + records[i][0] + "','brand':'" + records[i][1] + "','color':'"
                                    + records[i][2] + "'}"))
                    .requireOk();
        }
    }

    private void search(String query, int times) {
        search("{'query':'" + query + "'}", times, true);
    }

    private void search(String body, int times, boolean unused) {
        for (int i = 0; i < times; i++) {
            client.post("/1/indexes/products/query", jq(body)).requireOk();
        }
    }

    private TestClient.Reply create(String config) {
        return client.post("/1/configs", jq(config));
    }

    private List<String> suggestions(String index) {
        JsonNode hits = client.post("/1/indexes/" + index + "/query", jq("{'query':'','hitsPerPage':1000}"))
                .requireOk()
                .body()
                .get("hits");
        List<String> queries = new ArrayList<>();
        hits.forEach(hit -> queries.add(hit.get("query").asString()));
        return queries;
    }

    private JsonNode record(String index, String query) {
        return client.get("/1/indexes/" + index + "/" + query.replace(" ", "%20"))
                .requireOk()
                .body();
    }

    @Test
    void aBuildKeepsPopularQueriesWithEnoughHitsAndLetters() {
        search("running shoes", 3);
        search("Hiking Boots ", 1);
        search("hiking", 2); // 5 hits, kept
        search("xyzzy", 4); // no hits
        search("run", 6); // too short
        search("", 3); // empty queries never count

        TestClient.Reply created =
                create("{'indexName':'sugg','sourceIndices':[{'indexName':'products','minHits':5,'minLetters':4}]}");

        assertThat(created.status()).isEqualTo(200);
        assertThat(created.body().get("message").asString())
                .isEqualTo("Configuration was created, and a new indexing job has been scheduled.");
        assertThat(created.body().get("status").asInt()).isEqualTo(200);
        assertThat(suggestions("sugg")).containsExactly("running shoes", "hiking", "hiking boots");
        JsonNode shoes = record("sugg", "running shoes");
        assertThat(shoes.get("objectID").asString()).isEqualTo("running shoes");
        assertThat(shoes.get("popularity").asLong()).isEqualTo(3);
        assertThat(shoes.get("nb_words").asInt()).isEqualTo(2);
        assertThat(shoes.get("products").get("exact_nb_hits").asLong()).isGreaterThanOrEqualTo(5);

        JsonNode status = client.get("/1/configs/sugg/status").requireOk().body();
        assertThat(status.get("indexName").asString()).isEqualTo("sugg");
        assertThat(status.get("isRunning").asBoolean()).isFalse();
        assertThat(status.get("lastBuiltAt").asString()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
        assertThat(status.get("lastSuccessfulBuiltAt").asString())
                .isEqualTo(status.get("lastBuiltAt").asString());
        assertThat(status.get("lastSuccessfulBuildDuration").asString()).matches("\\d+\\.\\d{3}");
    }

    @Test
    void aSourceIndexHasNoMinimumOfHitsOrLettersByDefault() {
        search("xyzzy", 1); // no hits
        search("tv", 1); // two letters

        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products'}]}")
                .requireOk();

        assertThat(suggestions("sugg")).containsExactlyInAnyOrder("xyzzy", "tv");
        JsonNode source = client.get("/1/configs/sugg")
                .requireOk()
                .body()
                .get("sourceIndices")
                .get(0);
        assertThat(source.get("minHit").asInt()).isZero();
        assertThat(source.get("minLetters").asInt()).isZero();
    }

    @Test
    void eachSourceIndexCarriesReplicasFalseByDefaultOrAsWritten() {
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products'},"
                        + "{'indexName':'products','replicas':true}],'replicas':true}")
                .requireOk();

        JsonNode read = client.get("/1/configs/sugg").requireOk().body();

        assertThat(read.has("replicas")).isFalse();
        JsonNode sources = read.get("sourceIndices");
        assertThat(sources.get(0).get("replicas").isBoolean()).isTrue();
        assertThat(sources.get(0).get("replicas").asBoolean()).isFalse();
        assertThat(sources.get(1).get("replicas").asBoolean()).isTrue();
        assertThat(client.get("/1/configs")
                        .requireOk()
                        .body()
                        .get(0)
                        .get("sourceIndices")
                        .get(1)
                        .get("replicas")
                        .asBoolean())
                .isTrue();
        TestClient.Reply refused =
                create("{'indexName':'other','sourceIndices':[{'indexName':'products','replicas':'yes'}]}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").asString()).contains("sourceIndices[0].replicas");
    }

    @Test
    void theLogIsJsonLinesOfTheLastBuild() throws Exception {
        search("running shoes", 1);
        search("xyzzy", 1);
        search("run", 1);
        assertThat(client.get("/1/logs/sugg").status()).isEqualTo(404);
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products','minHits':1,'minLetters':4}]}")
                .requireOk();

        HttpResponse<String> response = client.http()
                .send(client.request("GET", "/1/logs/sugg", null).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/x-ndjson"));
        List<JsonNode> lines = response.body().lines().map(TestClient::json).toList();
        assertThat(lines).hasSizeGreaterThan(4);
        assertThat(lines).allSatisfy(line -> {
            assertThat(line.get("timestamp").asString()).endsWith("Z");
            assertThat(line.get("level").asString()).isIn("INFO", "SKIP", "ERROR");
            assertThat(line.get("contextLevel").isInt()).isTrue();
        });
        assertThat(lines.get(0).get("contextLevel").asInt()).isZero();
        assertThat(messages(lines, "SKIP"))
                .anySatisfy(m -> assertThat(m).contains("\"xyzzy\" finds 0 hits"))
                .anySatisfy(m -> assertThat(m).contains("\"run\" has fewer than 4 letters"));
    }

    @Test
    void aMissingSourceIndexIsAnErrorAndTheBuildIsNotSuccessful() throws Exception {
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'nowhere'}]}").requireOk();

        JsonNode status = client.get("/1/configs/sugg/status").requireOk().body();
        assertThat(status.get("lastBuiltAt").isString()).isTrue();
        assertThat(status.get("lastSuccessfulBuiltAt").isNull()).isTrue();
        String log = client.http()
                .send(client.request("GET", "/1/logs/sugg", null).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(log).contains("\"level\":\"ERROR\"").contains("Source index nowhere does not exist");
    }

    @Test
    void minHitsAndMinLettersAreConfigurable() {
        search("running shoes trail", 2); // 1 hit
        search("run", 2); // 3 letters
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products','minHits':1,'minLetters':3}]}")
                .requireOk();
        assertThat(suggestions("sugg")).containsExactlyInAnyOrder("running shoes trail", "run");

        client.put("/1/configs/sugg", jq("{'sourceIndices':[{'indexName':'products','minHit':2,'minLetters':3}]}"))
                .requireOk();
        assertThat(suggestions("sugg")).containsExactly("run");
    }

    @Test
    void excludeTakesWordsAndPatterns() {
        search("running shoes", 3);
        search("hiking boots", 2);
        search("hiking", 1);
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products'}],'exclude':['BOOTS','runn*s']}")
                .requireOk();
        assertThat(suggestions("sugg")).containsExactly("hiking");

        client.put("/1/configs/sugg", jq("{'sourceIndices':[{'indexName':'products'}],'exclude':['hik']}"))
                .requireOk();
        assertThat(suggestions("sugg")).containsExactly("running shoes", "hiking boots", "hiking");
    }

    @Test
    void suggestionsCarryTopFacetValuesAndTheFiltersUsedWithThem() {
        search("{'query':'hiking boots','facetFilters':['color:brown']}", 2, true);
        search("{'query':'hiking boots','facetFilters':['color:black']}", 1, true);
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products',"
                        + "'facets':[{'attribute':'brand','amount':1},{'attribute':'color','amount':2}]}]}")
                .requireOk();

        JsonNode facets = record("sugg", "hiking boots").get("products").get("facets");
        assertThat(facets.get("exact_matches").get("brand").toString()).isEqualTo(jq("[{'value':'Zeta','count':4}]"));
        assertThat(facets.get("exact_matches").get("color").toString())
                .isEqualTo(jq("[{'value':'brown','count':4},{'value':'black','count':1}]"));
        assertThat(facets.get("analytics").get("color").toString())
                .isEqualTo(jq("[{'attribute':'color','operator':':','value':'brown','count':2},"
                        + "{'attribute':'color','operator':':','value':'black','count':1}]"));
        assertThat(facets.get("analytics").get("brand").isEmpty()).isTrue();
    }

    @Test
    void analyticsTagsRestrictTheSearchesCounted() {
        search("{'query':'running shoes','analyticsTags':['mobile']}", 2, true);
        search("{'query':'hiking boots','analyticsTags':['desktop']}", 2, true);
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products','analyticsTags':['mobile','tv']}]}")
                .requireOk();
        assertThat(suggestions("sugg")).containsExactly("running shoes");
    }

    @Test
    void generateCombinesFacetValues() {
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products','minHits':1,"
                        + "'facets':[{'attribute':'brand','amount':2},{'attribute':'color','amount':1}],"
                        + "'generate':[['brand','color']]}]}")
                .requireOk();
        // brands Zeta (6) and Acme (5), the top colour brown (4 records, as many as red: alphabetical order)
        assertThat(suggestions("sugg")).containsExactlyInAnyOrder("acme brown", "zeta brown");
        assertThat(record("sugg", "acme brown").get("popularity").asLong()).isZero();
    }

    @Test
    void externalIndicesAddReadyMadeSuggestions() {
        client.put("/1/indexes/popular/a", jq("{'query':'Hiking Boots','count':40}"))
                .requireOk();
        client.put("/1/indexes/popular/b", jq("{'query':'parachute','count':90}"))
                .requireOk();
        search("hiking boots", 2);
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products','minHits':1,'external':['popular']}]}")
                .requireOk();
        assertThat(suggestions("sugg")).containsExactly("hiking boots"); // parachute finds nothing
        assertThat(record("sugg", "hiking boots").get("popularity").asLong()).isEqualTo(42);
    }

    @Test
    void languagesKeepTheMorePopularOfSingularAndPlural() {
        // plurals first: a query its user extends right after is a keystroke, not a search of its own
        search("running shoes", 3);
        search("running shoe", 1);
        search("hiking boots", 2);
        search("hiking boot", 3);
        String source = "'sourceIndices':[{'indexName':'products','minHits':1}]";
        create("{'indexName':'sugg'," + source + "}").requireOk();
        assertThat(suggestions("sugg")).hasSize(4);

        client.put("/1/configs/sugg", jq("{" + source + ",'languages':['en']}")).requireOk();
        assertThat(suggestions("sugg")).containsExactlyInAnyOrder("running shoes", "hiking boot");
    }

    @Test
    void configurationsAreReadListedReplacedAndDeletedLeavingTheIndex() {
        search("hiking boots", 1);
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products','minHits':2,'facets':"
                        + "[{'attribute':'brand','amount':3}],'generate':[['brand']]}],'languages':['en'],"
                        + "'exclude':['cheap']}")
                .requireOk();

        JsonNode read = client.get("/1/configs/sugg").requireOk().body();
        assertThat(read.toString())
                .isEqualTo(jq("{'indexName':'sugg','sourceIndices':[{'indexName':'products','analyticsTags':[],"
                        + "'facets':[{'attribute':'brand','amount':3}],'minHit':2,'minLetters':0,"
                        + "'generate':[['brand']],'external':[],'replicas':false}],'languages':['en'],"
                        + "'exclude':['cheap']}"));
        TestClient.Reply replaced = client.put("/1/configs/other", jq("{'sourceIndices':[{'indexName':'products'}]}"));
        assertThat(replaced.body().get("message").asString())
                .isEqualTo("Configuration was updated, and a new indexing job has been scheduled.");
        assertThat(StreamSupport.stream(
                                client.get("/1/configs").requireOk().body().spliterator(), false)
                        .map(c -> c.get("indexName").asString()))
                .containsExactly("sugg", "other");

        assertThat(client.delete("/1/configs/sugg")
                        .requireOk()
                        .body()
                        .get("message")
                        .asString())
                .isEqualTo("Configuration was deleted with success.");
        assertThat(client.get("/1/configs/sugg").status()).isEqualTo(404);
        assertThat(client.get("/1/configs/sugg/status").status()).isEqualTo(404);
        assertThat(client.delete("/1/configs/sugg").status()).isEqualTo(404);
        assertThat(suggestions("sugg")).contains("hiking boots");
    }

    @Test
    void onlyTheLastQueryOfASeriesOfKeystrokesCounts() {
        search("hik", 1);
        search("hiki", 1);
        search("hiking", 1);
        search("hiking boo", 1);
        search("hiking boots", 1);
        search("running shoes", 1);
        search("hiking", 1); // a new series: counts
        create("{'indexName':'sugg','sourceIndices':[{'indexName':'products','minHits':1,'minLetters':1}]}")
                .requireOk();
        assertThat(suggestions("sugg")).containsExactlyInAnyOrder("hiking boots", "running shoes", "hiking");
        assertThat(record("sugg", "hiking").get("popularity").asLong()).isEqualTo(1);
    }

    @Test
    void errors() {
        String config = "{'indexName':'sugg','sourceIndices':[{'indexName':'products'}]}";
        create(config).requireOk();
        TestClient.Reply again = create(config);
        assertThat(again.status()).isEqualTo(422);
        assertThat(again.body().get("message").asString()).isEqualTo("Configuration already exists for index: sugg");

        assertThat(client.get("/1/configs/nope").body().get("message").asString())
                .isEqualTo("Configuration does not exist for index: nope");
        assertThat(create("{'sourceIndices':[{'indexName':'products'}]}").status())
                .isEqualTo(400);
        assertThat(create("{'indexName':'x'}").status()).isEqualTo(400);
        assertThat(create("{'indexName':'x','sourceIndices':[{'indexName':'products','minHits':-1}]}")
                        .status())
                .isEqualTo(400);
        assertThat(create("{'indexName':'x','sourceIndices':[{'indexName':'products','facets':[{'attribute':'a'}]}]}")
                        .body()
                        .get("message")
                        .asString())
                .contains("facets[0].amount");
        assertThat(client.put("/1/configs/a", jq("{'indexName':'b','sourceIndices':[{'indexName':'products'}]}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.put("/1/configs/a", jq("{}")).status()).isEqualTo(400);
    }

    @Test
    void onlyTheAdminKeyMayCallAndRefusalsAre401(MockServer server) {
        String searchKey = client.createKey(jq("{'acl':['search','editSettings','analytics']}"));
        TestClient other = client.withKey(searchKey);
        assertThat(other.get("/1/configs").status()).isEqualTo(401);
        assertThat(other.post("/1/configs", jq("{'indexName':'s','sourceIndices':[{'indexName':'p'}]}"))
                        .status())
                .isEqualTo(401);
        assertThat(new TestClient(server, server.applicationId(), null)
                        .get("/1/configs")
                        .status())
                .isEqualTo(401);
        assertThat(client.get("/1/configs").status()).isEqualTo(200);
    }

    @Test
    void anApplicationHoldsAtMostOneHundredConfigurations() {
        for (int i = 0; i < 100; i++) {
            create("{'indexName':'s" + i + "','sourceIndices':[{'indexName':'none'}]}")
                    .requireOk();
        }
        TestClient.Reply refused = create("{'indexName':'s100','sourceIndices':[{'indexName':'none'}]}");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("message").asString()).contains("100");
        assertThat(client.put("/1/configs/s100", jq("{'sourceIndices':[{'indexName':'none'}]}"))
                        .status())
                .isEqualTo(403);
        assertThat(client.put("/1/configs/s5", jq("{'sourceIndices':[{'indexName':'none'}]}"))
                        .status())
                .isEqualTo(200);
        assertThat(client.get("/1/configs").body().size()).isEqualTo(100);
    }

    private static List<String> messages(List<JsonNode> lines, String level) {
        return lines.stream()
                .filter(l -> l.get("level").asString().equals(level))
                .map(l -> l.get("message").asString())
                .toList();
    }
}
