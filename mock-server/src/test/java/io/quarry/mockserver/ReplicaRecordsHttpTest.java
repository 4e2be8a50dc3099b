package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** A replica holds its primary's records: each record write to the primary reaches it, sorted its own way. */
class ReplicaRecordsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void primaryWithTwoRecords() {
        client.put("/1/indexes/shop/settings", jq("{'searchableAttributes':['name'],'hitsPerPage':7}"))
                .requireOk();
        client.post(
                        "/1/indexes/shop/batch",
                        jq("{'requests':[{'action':'addObject','body':{'objectID':'a','name':'apple','price':1}},"
                                + "{'action':'addObject','body':{'objectID':'b','name':'banana','price':2}}]}"))
                .requireOk();
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price','virtual(shop_virtual)']}"))
                .requireOk();
        client.put("/1/indexes/shop_price/settings", jq("{'customRanking':['desc(price)']}"))
                .requireOk();
    }

    private List<String> byPrice() {
        return client.post("/1/indexes/shop_price/query", "{}").hitIds();
    }

    @Test
    void aNewReplicaStartsWithThePrimarysRecordsAndSettingsAndIsLinked() {
        for (String replica : List.of("shop_price", "shop_virtual")) {
            JsonNode settings =
                    client.get("/1/indexes/" + replica + "/settings").body();
            assertThat(settings.get("primary").stringValue()).as(replica).isEqualTo("shop");
            assertThat(settings.get("hitsPerPage").asInt()).as(replica).isEqualTo(7);
            assertThat(settings.has("replicas")).as(replica).isFalse();
        }
        assertThat(client.get("/1/indexes/shop/settings").body().get("replicas").toString())
                .isEqualTo(jq("['shop_price','virtual(shop_virtual)']"));
        assertThat(byPrice()).containsExactly("b", "a");
        assertThat(client.post("/1/indexes/shop_virtual/query", "{}").hitIds()).containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void everyRecordWriteToThePrimaryReachesTheReplicas() {
        client.put("/1/indexes/shop/c", jq("{'name':'cherry','price':3}")).requireOk();
        assertThat(byPrice()).as("save").containsExactly("c", "b", "a");
        client.post("/1/indexes/shop/a/partial", jq("{'price':9}")).requireOk();
        assertThat(byPrice()).as("partial update").containsExactly("a", "c", "b");
        client.delete("/1/indexes/shop/c").requireOk();
        assertThat(byPrice()).as("delete").containsExactly("a", "b");
        client.post("/1/indexes/shop/deleteByQuery", jq("{'filters':'price>5'}"))
                .requireOk();
        assertThat(byPrice()).as("delete by query").containsExactly("b");
        client.post(
                        "/1/indexes/*/batch",
                        jq(
                                "{'requests':[{'indexName':'shop','action':'addObject','body':{'objectID':'d','price':4}}]}"))
                .requireOk();
        assertThat(byPrice()).as("multi-index batch").containsExactly("d", "b");
        assertThat(client.get("/1/indexes/shop_virtual/d").status()).isEqualTo(200);
        client.post("/1/indexes/shop/clear", null).requireOk();
        assertThat(byPrice()).as("clear").isEmpty();
    }

    @Test
    void aMoveOntoThePrimaryReachesTheReplicasWhichStayLinked() {
        client.put("/1/indexes/incoming/x", jq("{'price':5}")).requireOk();
        client.put("/1/indexes/incoming/y", jq("{'price':6}")).requireOk();
        client.post("/1/indexes/incoming/operation", jq("{'operation':'move','destination':'shop'}"))
                .requireOk();
        assertThat(byPrice()).containsExactly("y", "x");
        assertThat(client.get("/1/indexes/shop/settings").body().get("replicas").toString())
                .isEqualTo(jq("['shop_price','virtual(shop_virtual)']"));
        client.put("/1/indexes/shop/z", jq("{'price':7}")).requireOk();
        assertThat(byPrice()).containsExactly("z", "y", "x");
    }

    @Test
    void recordWritesSentToAReplicaAreRefused() {
        List<Reply> refused = List.of(
                client.put("/1/indexes/shop_price/c", "{}"),
                client.post("/1/indexes/shop_price", "{}"),
                client.post("/1/indexes/shop_price/a/partial", jq("{'price':0}")),
                client.post("/1/indexes/shop_price/a/partial?createIfNotExists=false", jq("{'price':0}")),
                client.delete("/1/indexes/shop_price/a"),
                client.post("/1/indexes/shop_price/clear", null),
                client.post("/1/indexes/shop_price/deleteByQuery", jq("{'filters':'price>0'}")),
                client.post("/1/indexes/shop_price/batch", jq("{'requests':[{'action':'clear'}]}")),
                client.post(
                        "/1/indexes/*/batch",
                        jq("{'requests':[{'indexName':'shop','action':'addObject','body':{'objectID':'z'}},"
                                + "{'indexName':'shop_virtual','action':'deleteObject','body':{'objectID':'a'}}]}")));
        for (Reply reply : refused) {
            assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue())
                    .as(reply.toString())
                    .contains("is a replica of shop");
        }
        assertThat(byPrice()).as("nothing of a refused batch applies").containsExactly("b", "a");
    }

    @Test
    void theIndexListShowsBothSidesOfTheLink() {
        JsonNode items = client.get("/1/indexes").body().get("items");
        for (JsonNode item : items) {
            String name = item.get("name").stringValue();
            if (name.equals("shop")) {
                assertThat(item.get("replicas").toString()).isEqualTo(jq("['shop_price','virtual(shop_virtual)']"));
                assertThat(item.has("primary")).isFalse();
            } else {
                assertThat(item.get("primary").stringValue()).as(name).isEqualTo("shop");
                assertThat(item.get("entries").asInt()).as(name).isEqualTo(2);
            }
        }
        assertThat(items).hasSize(3);
    }

    @Test
    void anExportedStateSeededAgainKeepsTheLinks() {
        JsonNode state = client.get("/_mock/state").requireOk().body();
        client.post("/_mock/reset", null).requireOk();
        client.post("/_mock/seed", state.toString()).requireOk();
        assertThat(client.get("/1/indexes/shop_price/settings")
                        .body()
                        .get("primary")
                        .stringValue())
                .isEqualTo("shop");
        client.put("/1/indexes/shop/c", jq("{'price':3}")).requireOk();
        assertThat(byPrice()).containsExactly("c", "b", "a");
    }

    @Test
    void aSeedMayNameAReplicaBeforeItsPrimary() {
        client.post(
                        "/_mock/seed",
                        jq(
                                "{'indices':{'a_by_name':{'settings':{'primary':'z_primary'},'records':[{'objectID':'stale'}]},"
                                        + "'z_primary':{'settings':{'replicas':['a_by_name']},'records':[{'objectID':'1'}]}}}"))
                .requireOk();
        assertThat(client.get("/1/indexes/a_by_name/settings")
                        .body()
                        .get("primary")
                        .stringValue())
                .isEqualTo("z_primary");
        assertThat(client.post("/1/indexes/a_by_name/query", "{}").hitIds())
                .as("a seeded replica holds its primary's records")
                .containsExactly("1");
    }

    @Test
    void removingAUserDeletesNoneOfAPrimarysRecordsThroughItsReplica() {
        client.send(client.request("POST", "/1/clusters/mapping", jq("{'cluster':'mock-cluster-1'}"))
                        .header("X-Service-User-ID", "u1")
                        .build())
                .requireOk();
        client.send(client.request("PUT", "/1/indexes/later_replica/a", "{}")
                        .header("X-Service-User-ID", "u1")
                        .build())
                .requireOk();
        client.put(
                        "/1/indexes/shop/settings",
                        jq("{'replicas':['shop_price','virtual(shop_virtual)','later_replica']}"))
                .requireOk();
        client.delete("/1/clusters/mapping/u1").requireOk();
        assertThat(byPrice()).containsExactly("b", "a");
    }

    @Test
    void aQuerySuggestionsBuildWritesNoSuggestionsIntoAReplica() {
        client.post("/1/indexes/shop/query", jq("{'query':'apple'}")).requireOk();
        client.post("/1/configs", jq("{'indexName':'shop_price','sourceIndices':[{'indexName':'shop'}]}"))
                .requireOk();
        assertThat(byPrice()).containsExactly("b", "a");
        assertThat(client.post("/1/indexes/shop/query", "{}").hitIds()).containsExactlyInAnyOrder("a", "b");
    }
}
