package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A {@code replicas} setting whose links cannot hold is a 400 that changes nothing: an index as its own replica,
 * a replica of two primaries, replicas of a replica (so no cycle), a primary as a replica, names that are not
 * index names; {@code primary} is read-only.
 */
class ReplicaSettingRefusalsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private void assertRefused(String index, String settings, String message) {
        Reply reply = client.put("/1/indexes/" + index + "/settings", jq(settings));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).as(settings).contains(message);
    }

    private int indexCount() {
        return client.get("/1/indexes").body().get("items").size();
    }

    @Test
    void anIndexCannotBeItsOwnReplica() {
        assertRefused("a", "{'replicas':['a']}", "cannot be its own replica");
        assertRefused("a", "{'replicas':['b','virtual(a)']}", "cannot be its own replica");
        assertThat(indexCount()).as("a refused write creates no index").isZero();
    }

    @Test
    void namesThatAreNoIndexNamesAreRefused() {
        assertRefused("a", "{'replicas':['']}", "replicas[0] does not name a valid index");
        assertRefused("a", "{'replicas':['b','*']}", "replicas[1] does not name a valid index");
        assertRefused("a", "{'replicas':['virtual()']}", "must not be empty");
        assertRefused("a", "{'replicas':['x'," + "'" + "n".repeat(600) + "']}", "at most 512 bytes");
        assertRefused("a", "{'replicas':[1]}", "replicas[0] must be a string");
        assertRefused("a", "{'replicas':'b'}", "replicas must be an array");
        assertRefused("a", "{'replicas':['b','virtual(b)']}", "replicas[1] names an index named before it");
        assertThat(indexCount()).isZero();
    }

    @Test
    void aReplicaBelongsToOnePrimaryAndHasNoReplicas() {
        client.put("/1/indexes/a/settings", jq("{'replicas':['b']}")).requireOk();
        assertRefused("other", "{'replicas':['b']}", "Index b is already a replica of a");
        assertRefused("b", "{'replicas':['c']}", "Index b is a replica of a: a replica cannot have replicas");
        assertRefused("c", "{'replicas':['a']}", "Index a has replicas of its own");
        assertThat(client.get("/1/indexes/b/settings").body().get("primary").stringValue())
                .isEqualTo("a");
        assertThat(indexCount()).as("nothing created by the refused writes").isEqualTo(2);
    }

    @Test
    void aCycleCannotForm() {
        client.put("/1/indexes/a/settings", jq("{'replicas':['b']}")).requireOk();
        client.put("/1/indexes/c/settings", jq("{'replicas':['d']}")).requireOk();
        assertRefused("b", "{'replicas':['c']}", "a replica cannot have replicas");
        assertRefused("c", "{'replicas':['d','a']}", "Index a has replicas of its own");
        assertRefused("d", "{'replicas':['a']}", "a replica cannot have replicas");
    }

    @Test
    void primaryIsReadOnlyButMayBeSentBackAsRead() {
        client.put("/1/indexes/a/settings", jq("{'replicas':['b']}")).requireOk();
        client.put("/1/indexes/b/settings", jq("{'primary':'a','hitsPerPage':3}"))
                .requireOk();
        client.put("/1/indexes/a/settings", jq("{'primary':null}")).requireOk();
        assertRefused("b", "{'primary':'x'}", "primary cannot be set");
        assertRefused("b", "{'primary':null}", "primary cannot be set");
        assertRefused("a", "{'primary':'b'}", "primary cannot be set");
        assertThat(client.get("/1/indexes/b/settings").body().get("hitsPerPage").asInt())
                .isEqualTo(3);
        assertThat(client.get("/1/indexes/a/settings").body().has("primary")).isFalse();
    }

    @Test
    void aKeyLinksOnlyIndicesItIsAllowedOn() {
        String key = client.createKey(jq("{'acl':['editSettings','settings'],'indexes':['shop']}"));
        Reply reply = client.withKey(key).put("/1/indexes/shop/settings", jq("{'replicas':['other']}"));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(403);
        assertThat(indexCount()).isZero();
    }

    @Test
    @Timeout(60) // a hang guard: comparing each name with those before it is 2 × 10^10 comparisons here, minutes
    void aLongListOfReplicasIsCheckedInLinearTime() {
        StringBuilder names = new StringBuilder("{'replicas':[");
        for (int i = 0; i < 200_000; i++) {
            names.append("'r").append(i).append("',");
        }
        names.append("'r0']}");
        assertRefused("a", names.toString(), "replicas[200000] names an index named before it");
    }
}
