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

/**
 * How links end, and what copy and move do to them: an unlinked replica is an ordinary index keeping its records
 * and settings; deleting or moving a primary unlinks its replicas; a linked replica cannot be deleted, moved or
 * overwritten; a copy never carries a link.
 */
class ReplicaUnlinkingHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void primaryWithAReplica() {
        client.put("/1/indexes/shop/a", jq("{'price':1}")).requireOk();
        client.put("/1/indexes/shop/b", jq("{'price':2}")).requireOk();
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price']}"))
                .requireOk();
        client.put("/1/indexes/shop_price/settings", jq("{'customRanking':['desc(price)']}"))
                .requireOk();
    }

    private List<String> hits(String index) {
        return client.post("/1/indexes/" + index + "/query", "{}").hitIds();
    }

    private void assertOrdinaryWithItsRecords(String replica) {
        assertThat(client.get("/1/indexes/" + replica + "/settings").body().has("primary"))
                .isFalse();
        assertThat(hits(replica)).containsExactly("b", "a");
        client.put("/1/indexes/" + replica + "/own", jq("{'price':0}")).requireOk();
        assertThat(hits(replica)).as("it takes record writes of its own").containsExactly("b", "a", "own");
    }

    @Test
    void removingANameFromReplicasUnlinksIt() {
        client.put("/1/indexes/shop/settings", jq("{'replicas':[]}")).requireOk();
        assertOrdinaryWithItsRecords("shop_price");
        assertThat(client.get("/1/indexes/shop_price/settings")
                        .body()
                        .get("customRanking")
                        .toString())
                .isEqualTo(jq("['desc(price)']"));
        client.put("/1/indexes/shop/c", jq("{'price':3}")).requireOk();
        assertThat(hits("shop_price"))
                .as("the primary's writes no longer reach it")
                .doesNotContain("c");
        assertThat(hits("shop")).doesNotContain("own");
    }

    @Test
    void anExistingIndexNamedAsReplicaTakesThePrimarysRecordsAndKeepsItsSettings() {
        client.put("/1/indexes/shop/settings", jq("{'replicas':null}")).requireOk();
        client.put("/1/indexes/shop_price/own", jq("{'price':0}")).requireOk();
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price']}"))
                .requireOk();
        assertThat(hits("shop_price")).containsExactly("b", "a");
        assertThat(client.get("/1/indexes/shop_price/settings")
                        .body()
                        .get("customRanking")
                        .toString())
                .isEqualTo(jq("['desc(price)']"));
    }

    @Test
    void deletingThePrimaryUnlinksItsReplicas() {
        client.delete("/1/indexes/shop").requireOk();
        assertOrdinaryWithItsRecords("shop_price");
    }

    @Test
    void aBatchThatDeletesThePrimaryUnlinksItsReplicasWithTheirRecords() {
        client.post(
                        "/1/indexes/shop/batch",
                        jq("{'requests':[{'action':'delete'},{'action':'addObject','body':{'objectID':'n'}}]}"))
                .requireOk();
        assertOrdinaryWithItsRecords("shop_price");
        assertThat(hits("shop")).containsExactly("n");
    }

    @Test
    void movingThePrimaryUnlinksItsReplicasAndCarriesNoLink() {
        client.post("/1/indexes/shop/operation", jq("{'operation':'move','destination':'moved'}"))
                .requireOk();
        assertOrdinaryWithItsRecords("shop_price");
        assertThat(client.get("/1/indexes/moved/settings").body().has("replicas"))
                .isFalse();
        assertThat(hits("moved")).containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void aLinkedReplicaCannotBeDeletedMovedOrOverwritten() {
        client.put("/1/indexes/other/x", "{}").requireOk();
        List<Reply> refused = List.of(
                client.delete("/1/indexes/shop_price"),
                client.post("/1/indexes/shop_price/operation", jq("{'operation':'move','destination':'elsewhere'}")),
                client.post("/1/indexes/other/operation", jq("{'operation':'move','destination':'shop_price'}")),
                client.post("/1/indexes/other/operation", jq("{'operation':'copy','destination':'shop_price'}")),
                client.post(
                        "/1/indexes/other/operation",
                        jq("{'operation':'copy','destination':'shop_price','scope':['settings']}")));
        for (Reply reply : refused) {
            assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue())
                    .as(reply.toString())
                    .contains("remove it from the replicas of shop first");
        }
        assertThat(hits("shop_price")).containsExactly("b", "a");
        assertThat(client.get("/1/indexes/elsewhere/settings").status()).isEqualTo(404);
    }

    @Test
    void aCopyNeverCarriesALinkAndCannotReplaceAPrimary() {
        client.post("/1/indexes/shop/operation", jq("{'operation':'copy','destination':'copy_of_shop'}"))
                .requireOk();
        client.post("/1/indexes/shop_price/operation", jq("{'operation':'copy','destination':'copy_of_replica'}"))
                .requireOk();
        assertThat(client.get("/1/indexes/copy_of_shop/settings").body().has("replicas"))
                .isFalse();
        assertThat(client.get("/1/indexes/copy_of_replica/settings").body().has("primary"))
                .isFalse();
        assertThat(hits("copy_of_replica")).containsExactly("b", "a");

        Reply onPrimary =
                client.post("/1/indexes/copy_of_shop/operation", jq("{'operation':'copy','destination':'shop'}"));
        assertThat(onPrimary.status()).isEqualTo(400);
        assertThat(onPrimary.body().get("message").stringValue()).contains("Index shop has replicas");
    }
}
