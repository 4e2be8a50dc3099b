package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Settings written with {@code forwardToReplicas} reach the replicas named in the index's {@code replicas}. */
class SettingsForwardingHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void aForwardedChangeReachesEveryReplicaButNotTheirPlaceAmongIndices() {
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price','virtual(shop_virtual)']}"));
        client.put(
                "/1/indexes/shop/settings?forwardToReplicas=true",
                jq("{'searchableAttributes':['a.b','unordered(c)'],'customThing':{'k':[1,true]},"
                        + "'replicas':['shop_price','virtual(shop_virtual)','other']}"));
        for (String replica : new String[] {"shop_price", "shop_virtual"}) {
            JsonNode settings =
                    client.get("/1/indexes/" + replica + "/settings").body();
            assertThat(settings.get("searchableAttributes").toString())
                    .as(replica)
                    .isEqualTo(jq("['a.b','unordered(c)']"));
            assertThat(settings.get("customThing").toString()).as(replica).isEqualTo(jq("{'k':[1,true]}"));
            assertThat(settings.has("replicas"))
                    .as(replica + " has no replicas of its own")
                    .isFalse();
        }
        JsonNode added = client.get("/1/indexes/other/settings").body();
        assertThat(added.get("primary").stringValue())
                .as("a replica the write adds is linked")
                .isEqualTo("shop");
        assertThat(added.get("customThing").toString())
                .as("and starts with a copy of the primary's settings")
                .isEqualTo(jq("{'k':[1,true]}"));

        client.put("/1/indexes/shop/settings", jq("{'hitsPerPage':3}"));
        assertThat(client.get("/1/indexes/shop_price/settings")
                        .body()
                        .get("hitsPerPage")
                        .asInt())
                .as("not forwarded")
                .isEqualTo(20);
    }
}
