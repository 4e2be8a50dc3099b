package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * A key restricted to a primary is not told the names of its replicas, nor a key restricted to a replica the name
 * of its primary: the index listing and the settings once showed them. Nor may such a key change the primary's
 * {@code replicas}, which would unlink the replicas it was not shown.
 */
class SecuredKeyReplicaNamesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    @BeforeEach
    void primaryWithReplicas() {
        MOCK.server()
                .seed(jq("{'keys':[{'value':'lister','acl':['search','settings','editSettings','listIndexes']}],"
                        + "'indices':{'shop':{'records':[{'objectID':'a'}]}}}"));
        admin.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price','virtual(shop_new)']}"))
                .requireOk();
    }

    private static TestClient restrictedTo(String indices) {
        return new TestClient(MOCK.server()).withKey(SecuredKeyFactory.sign("lister", "restrictIndices=" + indices));
    }

    @Test
    void aKeyRestrictedToThePrimarySeesNoReplicaName() {
        TestClient shop = restrictedTo("shop");
        JsonNode items = shop.get("/1/indexes").requireOk().body().get("items");
        assertThat(items).extracting(item -> item.get("name").asString()).containsExactly("shop");
        assertThat(items.get(0).get("replicas")).isEmpty();
        assertThat(shop.get("/1/indexes/shop/settings").requireOk().body().get("replicas"))
                .isEmpty();
    }

    @Test
    void aKeyRestrictedToSomeIndicesSeesTheirNamesOnly() {
        TestClient shopAndPrice = restrictedTo("shop%2Cshop_price");
        JsonNode items = shopAndPrice.get("/1/indexes").requireOk().body().get("items");
        assertThat(items).extracting(item -> item.get("name").asString()).containsExactly("shop", "shop_price");
        assertThat(items.get(0).get("replicas")).extracting(JsonNode::asString).containsExactly("shop_price");
        assertThat(items.get(1).get("primary").asString()).isEqualTo("shop");
    }

    @Test
    void aKeyRestrictedToAReplicaSeesNoPrimaryName() {
        TestClient price = restrictedTo("shop_price");
        JsonNode items = price.get("/1/indexes").requireOk().body().get("items");
        assertThat(items).extracting(item -> item.get("name").asString()).containsExactly("shop_price");
        assertThat(items.get(0).has("primary")).isFalse();
        assertThat(price.get("/1/indexes/shop_price/settings")
                        .requireOk()
                        .body()
                        .has("primary"))
                .isFalse();
    }

    @Test
    void settingsSentBackByAKeyNotShownEveryReplicaUnlinkNone() {
        TestClient shop = restrictedTo("shop");
        JsonNode settings = shop.get("/1/indexes/shop/settings").requireOk().body();
        Reply sentBack = shop.put("/1/indexes/shop/settings", settings.toString());
        assertThat(sentBack.status()).as(sentBack.toString()).isEqualTo(403);
        assertThat(admin.get("/1/indexes/shop/settings").body().get("replicas"))
                .extracting(JsonNode::asString)
                .containsExactly("shop_price", "virtual(shop_new)");
        assertThat(admin.get("/1/indexes/shop_price/settings")
                        .body()
                        .get("primary")
                        .asString())
                .isEqualTo("shop");
    }
}
