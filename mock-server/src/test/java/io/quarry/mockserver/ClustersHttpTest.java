package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Multi-cluster user mapping: the state machine of seed 000 §3.4 and every endpoint of §4.7. */
class ClustersHttpTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK).taskDelay(Duration.ofSeconds(5)))
            .build();

    private final TestClient admin = new TestClient(MOCK.server());

    private Reply asUser(String method, String path, String userID, String body) {
        return admin.send(admin.request(method, path, body)
                .header("X-Service-User-ID", userID)
                .build());
    }

    @Test
    void theClustersAreConfigurable() {
        Reply clusters = admin.get("/1/clusters");
        assertThat(clusters.body().get("clusters")).hasSize(2);
        assertThat(clusters.body().get("clusters").get(0).get("clusterName").stringValue())
                .isEqualTo("mock-cluster-1");
        try (MockServer three =
                MockServer.builder().clusters("eu-1", "eu-2", "us-1").start()) {
            assertThat(new TestClient(three).get("/1/clusters").body().get("clusters"))
                    .hasSize(3);
        }
        try (MockServer none = MockServer.builder().clusters().start()) {
            assertThat(new TestClient(none).get("/1/clusters").status())
                    .as("feature disabled")
                    .isEqualTo(403);
        }
    }

    @Test
    void unassignedAssignedMovedRemoved() {
        assertThat(asUser("POST", "/1/indexes/i/query", "user-1", "{}").status())
                .as("unassigned user rejected")
                .isEqualTo(400);
        assertThat(admin.get("/1/clusters/mapping/user-1").status()).isEqualTo(404);

        Reply assigned = asUser("POST", "/1/clusters/mapping", "user-1", jq("{'cluster':'mock-cluster-1'}"));
        assertThat(assigned.status()).as(assigned.toString()).isEqualTo(200);
        assertThat(assigned.body().has("createdAt")).isTrue();
        assertThat(asUser("PUT", "/1/indexes/i/r", "user-1", "{}").status())
                .as("usable at once")
                .isEqualTo(200);
        Reply entry = admin.get("/1/clusters/mapping/user-1");
        assertThat(entry.body().get("clusterName").stringValue()).isEqualTo("mock-cluster-1");
        assertThat(entry.body().has("nbRecords")).isTrue();
        assertThat(entry.body().has("dataSize")).isTrue();
        assertThat(admin.get("/1/clusters/mapping/pending")
                        .body()
                        .get("pending")
                        .asBoolean())
                .isFalse();

        asUser("POST", "/1/clusters/mapping", "user-1", jq("{'cluster':'mock-cluster-2'}"));
        assertThat(admin.get("/1/clusters/mapping/user-1")
                        .body()
                        .get("clusterName")
                        .stringValue())
                .isEqualTo("mock-cluster-2");
        Reply pending = admin.get("/1/clusters/mapping/pending?getClusters=true");
        assertThat(pending.body().get("pending").asBoolean())
                .as("a move takes a task")
                .isTrue();
        assertThat(pending.body().get("clusters").get("mock-cluster-2").get(0).stringValue())
                .isEqualTo("user-1");
        CLOCK.advance(Duration.ofSeconds(5));
        assertThat(admin.get("/1/clusters/mapping/pending")
                        .body()
                        .get("pending")
                        .asBoolean())
                .isFalse();

        Reply removed = admin.delete("/1/clusters/mapping/user-1");
        assertThat(removed.body().has("deletedAt")).isTrue();
        assertThat(admin.get("/1/clusters/mapping/user-1").status()).isEqualTo(404);
        assertThat(asUser("POST", "/1/indexes/i/query", "user-1", "{}").status())
                .isEqualTo(400);
        assertThat(admin.delete("/1/clusters/mapping/user-1").status()).isEqualTo(404);
    }

    @Test
    void batchListTopSearch() {
        Reply batch = admin.post(
                "/1/clusters/mapping/batch", jq("{'cluster':'mock-cluster-2','users':['alpha','beta','gamma']}"));
        assertThat(batch.body().has("createdAt")).isTrue();
        asUser("POST", "/1/clusters/mapping", "delta", jq("{'cluster':'mock-cluster-1'}"));

        Reply list = admin.get("/1/clusters/mapping?page=0");
        assertThat(list.body().get("userIDs")).hasSize(4);
        assertThat(admin.get("/1/clusters/mapping?page=1").body().get("userIDs"))
                .isEmpty();
        assertThat(admin.get("/1/clusters")
                        .body()
                        .get("clusters")
                        .get(1)
                        .get("nbUserIDs")
                        .asInt())
                .isEqualTo(3);

        Reply top = admin.get("/1/clusters/mapping/top");
        assertThat(top.body().get("topUsers").get(1).get("mock-cluster-2")).hasSize(3);

        Reply search = admin.post(
                "/1/clusters/mapping/search",
                jq("{'query':'ta','cluster':'mock-cluster-2'," + "'page':0,'hitsPerPage':10}"));
        assertThat(search.body().get("hits")).hasSize(1);
        assertThat(search.body().get("hits").get(0).get("objectID").stringValue())
                .isEqualTo("beta");
        assertThat(search.body()
                        .get("hits")
                        .get(0)
                        .get("_highlightResult")
                        .get("userID")
                        .get("value")
                        .stringValue())
                .isEqualTo("be<em>ta</em>");
    }

    @Test
    void aUsersDataAreTheRecordsWrittenWithItsUserId() {
        asUser("POST", "/1/clusters/mapping", "big", jq("{'cluster':'mock-cluster-1'}"));
        asUser("POST", "/1/clusters/mapping", "small", jq("{'cluster':'mock-cluster-1'}"));
        asUser(
                "POST",
                "/1/indexes/docs/batch",
                "big",
                jq("{'requests':[{'action':'addObject','body':{'t':1}}," + "{'action':'addObject','body':{'t':2}}]}"));
        asUser("PUT", "/1/indexes/docs/mine", "small", jq("{'t':3}"));
        admin.put("/1/indexes/docs/nobody", jq("{'t':4}"));
        Reply big = admin.get("/1/clusters/mapping/big");
        assertThat(big.body().get("nbRecords").asLong()).isEqualTo(2);
        assertThat(big.body().get("dataSize").asLong()).isPositive();
        Reply top = admin.get("/1/clusters/mapping/top");
        assertThat(top.body()
                        .get("topUsers")
                        .get(0)
                        .get("mock-cluster-1")
                        .get(0)
                        .get("userID")
                        .stringValue())
                .isEqualTo("big");
        Reply cluster = admin.get("/1/clusters");
        assertThat(cluster.body().get("clusters").get(0).get("nbRecords").asLong())
                .isEqualTo(3);
        admin.delete("/1/clusters/mapping/big");
        assertThat(admin.post("/1/indexes/docs/query", "{}")
                        .body()
                        .get("nbHits")
                        .asInt())
                .as("removing a user deletes its records")
                .isEqualTo(2);
        assertThat(admin.get("/1/indexes/docs/mine").status()).isEqualTo(200);
    }

    @Test
    void invalidMappingsAre400() {
        assertThat(asUser("POST", "/1/clusters/mapping", "u", jq("{'cluster':'nowhere'}"))
                        .status())
                .isEqualTo(400);
        assertThat(admin.post("/1/clusters/mapping", jq("{'cluster':'mock-cluster-1'}"))
                        .status())
                .as("no user header")
                .isEqualTo(400);
        assertThat(admin.post("/1/clusters/mapping/batch", jq("{'cluster':'mock-cluster-1','users':[]}"))
                        .status())
                .isEqualTo(400);
    }
}
