package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Search, multi-index search, facet search, browse and delete-by-query end to end through the engine. */
class SearchHttpTest {

    private static final int BIG = 2500;

    // the catalogue and 2500 records are written once in @BeforeAll for every test of the class
    @RegisterExtension
    static final MockServerExtension MOCK =
            MockServerExtension.builder().state(StatePolicy.KEPT_ACROSS_CLASS).build();

    private static TestClient client;

    @BeforeAll
    static void seed(MockServer server) {
        client = new TestClient(server);
        client.put(
                "/1/indexes/products/settings",
                jq("{'searchableAttributes':['name','brand'],"
                        + "'attributesForFaceting':['searchable(brand)','category']}"));
        client.post(
                "/1/indexes/products/batch",
                jq(
                        "{'requests':["
                                + "{'action':'addObject','body':{'objectID':'1','name':'iPhone 15','brand':'Apple','category':'phone','price':900}},"
                                + "{'action':'addObject','body':{'objectID':'2','name':'Galaxy S24','brand':'Samsung','category':'phone','price':800}},"
                                + "{'action':'addObject','body':{'objectID':'3','name':'MacBook Air','brand':'Apple','category':'laptop','price':1200}},"
                                + "{'action':'addObject','body':{'objectID':'4','name':'Apple Watch','brand':'Apple','category':'watch','price':400}}]}"));
        client.put("/1/indexes/other/1", jq("{'name':'Apple pie'}"));
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < BIG; i++) {
            batch.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"addObject\",\"body\":{\"objectID\":\"r")
                    .append(i)
                    .append("\",\"n\":")
                    .append(i)
                    .append("}}");
        }
        assertThat(client.post("/1/indexes/big/batch", batch.append("]}").toString())
                        .status())
                .isEqualTo(200);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Test
    void postSearchAnswersTheEnvelope() {
        Reply reply = client.post("/1/indexes/products/query", jq("{'query':'apple','hitsPerPage':2}"));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        JsonNode body = reply.body();
        assertThat(body.get("nbHits").intValue()).isEqualTo(3);
        assertThat(body.get("hits")).hasSize(2);
        assertThat(body.get("page").intValue()).isZero();
        assertThat(body.get("nbPages").intValue()).isEqualTo(2);
        assertThat(body.get("hitsPerPage").intValue()).isEqualTo(2);
        assertThat(body.get("query").stringValue()).isEqualTo("apple");
        assertThat(body.has("processingTimeMS")).isTrue();
        assertThat(body.get("params").stringValue()).contains("query=apple");
        assertThat(body.has("index")).isFalse();
    }

    @Test
    void getSearchTakesTheQueryStringAndIgnoresCredentialParameters(MockServer server) {
        Reply reply = new TestClient(server, null, null)
                .get("/1/indexes/products?query=galaxy&filters="
                        + encode("price < 1000") + "&x-service-application-id=" + server.applicationId()
                        + "&x-service-api-key=" + server.adminKey());
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.body().get("nbHits").intValue()).isEqualTo(1);
        assertThat(reply.body().get("params").stringValue()).doesNotContain(server.adminKey());
    }

    @Test
    void searchErrorsComeFromTheEngineWithTheirStatus() {
        assertThat(client.post("/1/indexes/missing/query", "{}").status()).isEqualTo(404);
        Reply bad = client.post("/1/indexes/products/query", jq("{'filters':'price <'}"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("status").intValue()).isEqualTo(400);
    }

    @Test
    void multiSearchRunsEveryQueryWithItsIndex() {
        Reply reply = client.post(
                "/1/indexes/*/queries",
                jq("{'requests':["
                        + "{'indexName':'products','params':'query=apple&hitsPerPage=1'},"
                        + "{'indexName':'other','query':'apple'}]}"));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        JsonNode results = reply.body().get("results");
        assertThat(results).hasSize(2);
        assertThat(results.get(0).get("index").stringValue()).isEqualTo("products");
        assertThat(results.get(0).get("nbHits").intValue()).isEqualTo(3);
        assertThat(results.get(1).get("index").stringValue()).isEqualTo("other");
        assertThat(results.get(1).get("nbHits").intValue()).isEqualTo(1);
        assertThat(client.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'missing'}]}"))
                        .status())
                .isEqualTo(404);
        assertThat(client.post("/1/indexes/*/queries", jq("{'requests':[],'strategy':'fast'}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void stopIfEnoughMatchesSkipsTheRestOnceAQueryFillsItsPage() {
        Reply reply = client.post(
                "/1/indexes/*/queries",
                jq("{'strategy':'stopIfEnoughMatches','requests':["
                        + "{'indexName':'products','params':'query=samsung&hitsPerPage=5'},"
                        + "{'indexName':'products','params':'query=apple&hitsPerPage=2'},"
                        + "{'indexName':'other','params':'query=apple'}]}"));
        JsonNode results = reply.body().get("results");
        assertThat(results.get(0).get("nbHits").intValue()).as("1 < 5: go on").isEqualTo(1);
        assertThat(results.get(0).has("processed")).isFalse();
        assertThat(results.get(1).get("nbHits").intValue())
                .as("3 >= 2: stop after this one")
                .isEqualTo(3);
        JsonNode skipped = results.get(2);
        assertThat(skipped.get("processed").booleanValue()).isFalse();
        assertThat(skipped.get("hits")).isEmpty();
        assertThat(skipped.get("index").stringValue()).isEqualTo("other");
        assertThat(skipped.get("query").stringValue()).isEqualTo("apple");

        Reply none = client.post(
                "/1/indexes/*/queries",
                jq("{'strategy':'none','requests':["
                        + "{'indexName':'products','params':'query=apple&hitsPerPage=1'},"
                        + "{'indexName':'other','params':'query=apple'}]}"));
        assertThat(none.body().get("results").get(1).get("nbHits").intValue()).isEqualTo(1);
    }

    @Test
    void facetValuesSearchNeedsASearchableFacet() {
        Reply reply = client.post("/1/indexes/products/facets/brand/query", jq("{'facetQuery':'app'}"));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        JsonNode hit = reply.body().get("facetHits").get(0);
        assertThat(hit.get("value").stringValue()).isEqualTo("Apple");
        assertThat(hit.get("count").intValue()).isEqualTo(3);
        assertThat(hit.get("highlighted").stringValue()).contains("<em>");
        assertThat(client.post("/1/indexes/products/facets/category/query", "{}")
                        .status())
                .isEqualTo(400);
        assertThat(client.post("/1/indexes/products/facets/brand/query", jq("{'maxFacetHits':101}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.post("/1/indexes/missing/facets/brand/query", "{}").status())
                .isEqualTo(404);
    }

    @Test
    void browseToTheEndOverMoreThan1000Records() {
        Set<String> seen = new HashSet<>();
        Reply page = client.post("/1/indexes/big/browse", "{}");
        int calls = 1;
        while (true) {
            assertThat(page.status()).as(page.toString()).isEqualTo(200);
            assertThat(page.body().get("hits").size()).isLessThanOrEqualTo(1000);
            page.body()
                    .get("hits")
                    .forEach(hit -> assertThat(seen.add(hit.get("objectID").stringValue()))
                            .isTrue());
            JsonNode cursor = page.body().get("cursor");
            if (cursor == null || cursor.isNull()) {
                break;
            }
            assertThat(calls++).as("bounded").isLessThan(10);
            page = client.post("/1/indexes/big/browse", "{\"cursor\":\"" + cursor.stringValue() + "\"}");
        }
        assertThat(seen).hasSize(BIG);
        assertThat(calls).isGreaterThanOrEqualTo(3);
    }

    @Test
    void browseByGetWithFiltersAndCursor() {
        Reply first = client.get("/1/indexes/big/browse?filters=" + encode("n < 1500") + "&hitsPerPage=1000");
        assertThat(first.status()).as(first.toString()).isEqualTo(200);
        assertThat(first.body().get("hits")).hasSize(1000);
        String cursor = first.body().get("cursor").stringValue();
        Reply second = client.get("/1/indexes/big/browse?cursor=" + encode(cursor));
        assertThat(second.body().get("hits")).hasSize(500);
        assertThat(second.body().has("cursor")).isFalse();
        assertThat(client.get("/1/indexes/missing/browse").status()).isEqualTo(404);
    }

    @Test
    void browseReturnsRecordsOnlyWhateverHighlightingOrRankingInfoIsAsked() {
        Reply page = client.post(
                "/1/indexes/products/browse",
                jq("{'params':'query=apple&getRankingInfo=true"
                        + "&attributesToHighlight=name&attributesToSnippet=name:2'}"));

        assertThat(page.status()).as(page.toString()).isEqualTo(200);
        assertThat(page.body().get("hits")).isNotEmpty().allSatisfy(hit -> {
            assertThat(hit.has("name")).isTrue();
            assertThat(hit.has("_highlightResult")).isFalse();
            assertThat(hit.has("_snippetResult")).isFalse();
            assertThat(hit.has("_rankingInfo")).isFalse();
        });
    }

    @Test
    void browseIgnoresPluralsWhateverTheRequestSays() {
        String params = "{'params':'query=apples&ignorePlurals=true&typoTolerance=false'}";

        Reply searched = client.post("/1/indexes/products/query", jq(params));
        Reply browsed = client.post("/1/indexes/products/browse", jq(params));

        assertThat(searched.body().get("nbHits").intValue())
                .as(searched.toString())
                .isEqualTo(3);
        assertThat(browsed.status()).as(browsed.toString()).isEqualTo(200);
        assertThat(browsed.body().get("hits")).isEmpty();
    }

    @Test
    void deleteByQueryRemovesWhatTheFiltersMatchAndRefusesAnEmptyFilter() {
        client.post(
                "/1/indexes/dbq/batch",
                jq("{'requests':["
                        + "{'action':'addObject','body':{'objectID':'a','price':5}},"
                        + "{'action':'addObject','body':{'objectID':'b','price':50}}]}"));
        Reply refused = client.post("/1/indexes/dbq/deleteByQuery", "{}");
        assertThat(refused.status()).isEqualTo(400);
        Reply deleted = client.post("/1/indexes/dbq/deleteByQuery", jq("{'params':'filters=price%20%3E%2010'}"));
        assertThat(deleted.status()).as(deleted.toString()).isEqualTo(200);
        assertThat(deleted.body().has("deletedAt")).isTrue();
        assertThat(client.get("/1/indexes/dbq/a").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/dbq/b").status()).isEqualTo(404);
        assertThat(client.post("/1/indexes/none/deleteByQuery", "{}").status()).isEqualTo(400);
    }

    @Test
    void synonymsApplyAtQueryTime() {
        client.put("/1/indexes/syn/1", jq("{'name':'automobile'}"));
        assertThat(client.post("/1/indexes/syn/query", jq("{'query':'car'}"))
                        .body()
                        .get("nbHits")
                        .intValue())
                .isZero();
        client.put("/1/indexes/syn/synonyms/s", jq("{'type':'synonym','synonyms':['car','automobile']}"));
        assertThat(client.post("/1/indexes/syn/query", jq("{'query':'car'}"))
                        .body()
                        .get("nbHits")
                        .intValue())
                .isEqualTo(1);
    }
}
