package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Synonym writes with {@code forwardToReplicas} reach the replicas named in the index's {@code replicas}. */
class SynonymForwardingHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private int synonymsOf(String index) {
        return client.post("/1/indexes/" + index + "/synonyms/search", "{}")
                .body()
                .get("nbHits")
                .asInt();
    }

    @Test
    void everySynonymWriteReachesTheReplicasOnlyWhenForwarded() {
        client.put("/1/indexes/shop/settings", jq("{'replicas':['shop_price','virtual(shop_virtual)']}"))
                .requireOk();
        client.put(
                        "/1/indexes/shop/synonyms/tv?forwardToReplicas=true",
                        jq("{'objectID':'tv','type':'synonym','synonyms':['tv','telly']}"))
                .requireOk();
        client.post(
                        "/1/indexes/shop/synonyms/batch?forwardToReplicas=true",
                        jq("[{'objectID':'pc','type':'synonym','synonyms':['pc','computer']}]"))
                .requireOk();
        client.put("/1/indexes/shop/synonyms/local", jq("{'objectID':'local','type':'synonym','synonyms':['a','b']}"))
                .requireOk();

        assertThat(synonymsOf("shop")).isEqualTo(3);
        assertThat(synonymsOf("shop_price")).isEqualTo(2);
        assertThat(synonymsOf("shop_virtual")).isEqualTo(2);
        assertThat(client.get("/1/indexes/shop_price/synonyms/tv").status()).isEqualTo(200);

        client.delete("/1/indexes/shop/synonyms/tv?forwardToReplicas=true").requireOk();
        assertThat(synonymsOf("shop_price")).isEqualTo(1);
        client.post("/1/indexes/shop/synonyms/clear?forwardToReplicas=true", null)
                .requireOk();
        assertThat(synonymsOf("shop")).isZero();
        assertThat(synonymsOf("shop_virtual")).isZero();
    }
}
