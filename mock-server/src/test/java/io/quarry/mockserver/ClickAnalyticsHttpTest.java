package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * A search with {@code clickAnalytics} answers a query ID that later events can name, even kept out of analytics;
 * one without does not.
 */
class ClickAnalyticsHttpTest {

    private static final String QUERY_ID = "[0-9a-f]{32}";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private TestClient client;

    @BeforeEach
    void seed(MockServer server) {
        client = new TestClient(server);
        client.put("/1/indexes/items/1", jq("{'name':'red shoe'}"));
    }

    @Test
    void clickAnalyticsGivesEachSearchItsOwnQueryId() {
        JsonNode first = client.post("/1/indexes/items/query", jq("{'query':'shoe','clickAnalytics':true}"))
                .body();
        JsonNode second = client.post("/1/indexes/items/query", jq("{'params':'query=shoe&clickAnalytics=true'}"))
                .body();
        assertThat(first.get("queryID").asString()).matches(QUERY_ID);
        assertThat(second.get("queryID").asString())
                .matches(QUERY_ID)
                .isNotEqualTo(first.get("queryID").asString());
        assertThat(client.get("/1/indexes/items?query=shoe&clickAnalytics=true")
                        .body()
                        .get("queryID")
                        .asString())
                .matches(QUERY_ID);
    }

    @Test
    void aSearchKeptOutOfAnalyticsStillGetsItsQueryId() {
        JsonNode reply = client.post(
                        "/1/indexes/items/query", jq("{'query':'shoe','clickAnalytics':true,'analytics':false}"))
                .body();
        String queryID = reply.get("queryID").asString();
        assertThat(queryID).matches(QUERY_ID);
        client.post(
                        "/1/events",
                        jq("{'events':[{'eventType':'click','eventName':'e','index':'items','userToken':'u',"
                                + "'queryID':'" + queryID + "','objectIDs':['1'],'positions':[1]}]}"))
                .requireOk();
        assertThat(client.get("/2/searches/count?index=items")
                        .body()
                        .get("count")
                        .asInt())
                .isZero();
        assertThat(client.get("/2/searches?index=items&clickAnalytics=true")
                        .body()
                        .get("searches"))
                .isEmpty();
    }

    @Test
    void noQueryIdWithoutClickAnalytics() {
        assertThat(client.post("/1/indexes/items/query", jq("{'query':'shoe'}"))
                        .body()
                        .has("queryID"))
                .isFalse();
        assertThat(client.post("/1/indexes/items/query", jq("{'query':'shoe','clickAnalytics':false}"))
                        .body()
                        .has("queryID"))
                .isFalse();
    }

    @Test
    void multiIndexSearchEntriesGetQueryIdsWhenTheyAskForThem() {
        JsonNode results = client.post(
                        "/1/indexes/*/queries",
                        jq("{'requests':[{'indexName':'items','query':'shoe','clickAnalytics':true},"
                                + "{'indexName':'items','query':'shoe'}]}"))
                .body()
                .get("results");
        assertThat(results.get(0).get("queryID").asString()).matches(QUERY_ID);
        assertThat(results.get(1).has("queryID")).isFalse();
    }
}
