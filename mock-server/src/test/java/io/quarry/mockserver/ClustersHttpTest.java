package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.index.StoreHolds;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.UserMappings;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

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

    /**
     * The figures every listing answers are kept as claims and records change (a listing read one record per
     * claim): after each kind of change, they equal what the records stored give, counted the slow way.
     */
    @Test
    void theFiguresKeptAreThoseOfTheRecordsStored() {
        admin.post("/1/clusters/mapping/batch", jq("{'cluster':'mock-cluster-1','users':['u1','u2']}"))
                .requireOk();
        admin.post("/1/clusters/mapping/batch", jq("{'cluster':'mock-cluster-2','users':['u3']}"))
                .requireOk();
        asUser("POST", "/1/indexes/a/batch", "u1", batchOf("a", 0, 6)).requireOk();
        asUser("POST", "/1/indexes/b/batch", "u2", batchOf("b", 0, 3)).requireOk();
        asUser("PUT", "/1/indexes/a/u2-own", "u2", jq("{'t':'mine'}")).requireOk();
        asUser("POST", "/1/indexes/b/batch", "u3", batchOf("b", 3, 6)).requireOk();
        figuresAreThoseOfTheRecordsStored("written", "u1", 6);

        admin.post("/1/indexes/a/a0/partial", jq("{'t':'" + "longer ".repeat(40) + "'}"))
                .requireOk();
        admin.put("/1/indexes/a/a1", jq("{'t':'rewritten by no user'}")).requireOk();
        figuresAreThoseOfTheRecordsStored("updated by no user", "u1", 6);

        asUser("PUT", "/1/indexes/a/a2", "u2", jq("{'t':'taken'}")).requireOk();
        admin.delete("/1/indexes/a/a3").requireOk();
        admin.post("/1/indexes/b/deleteByQuery", jq("{'filters':'n >= 4'}")).requireOk();
        asUser(
                        "POST",
                        "/1/indexes/a/batch",
                        "u1",
                        jq("{'requests':[{'action':'deleteObject','body':{'objectID':'a4'}},"
                                + "{'action':'addObject','body':{'objectID':'a4','n':44}},"
                                + "{'action':'deleteObject','body':{'objectID':'a5'}}]}"))
                .requireOk();
        figuresAreThoseOfTheRecordsStored("taken, deleted and written again", "u1", 3);

        // deleted, then written again by no user: no one's any more
        admin.put("/1/indexes/a/a3", jq("{'t':'back'}")).requireOk();
        asUser("POST", "/1/clusters/mapping", "u3", jq("{'cluster':'mock-cluster-1'}"))
                .requireOk();
        figuresAreThoseOfTheRecordsStored("a user moved", "u3", 1);

        asUser("POST", "/1/indexes/c/batch", "u3", batchOf("c", 0, 4)).requireOk();
        admin.post("/1/indexes/a/operation", jq("{'operation':'copy','destination':'b'}"))
                .requireOk();
        figuresAreThoseOfTheRecordsStored("copied over", "u3", 4);
        admin.post("/1/indexes/c/operation", jq("{'operation':'move','destination':'a'}"))
                .requireOk();
        figuresAreThoseOfTheRecordsStored("moved over", "u1", 0);
        assertThat(admin.get("/1/clusters/mapping/u3").body().get("nbRecords").asLong())
                .isEqualTo(4);

        asUser("POST", "/1/indexes/r/batch", "u2", batchOf("r", 0, 2)).requireOk();
        admin.put("/1/indexes/a/settings", jq("{'replicas':['r']}")).requireOk();
        figuresAreThoseOfTheRecordsStored("a replica linked", "u2", 0);

        admin.post("/1/indexes/a/clear", "{}").requireOk();
        figuresAreThoseOfTheRecordsStored("cleared", "u3", 0);
        asUser("POST", "/1/indexes/d/batch", "u1", batchOf("d", 0, 2)).requireOk();
        asUser("POST", "/1/indexes/d/batch", "u2", batchOf("d", 2, 3)).requireOk();
        admin.delete("/1/clusters/mapping/u2").requireOk();
        figuresAreThoseOfTheRecordsStored("a user removed", "u1", 2);
    }

    private static String batchOf(String prefix, int from, int to) {
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = from; i < to; i++) {
            batch.append(i == from ? "" : ",")
                    .append(jq("{'action':'addObject','body':{'objectID':'" + prefix + i + "','n':" + i + ",'t':'"
                            + "w".repeat(i * 7) + "'}}"));
        }
        return batch + "]}";
    }

    /** Compares every user's figures and each cluster's with the records each user's claims name, still stored. */
    private void figuresAreThoseOfTheRecordsStored(String step, String userID, long expectedRecords) {
        Application app = ServerApplication.of(MOCK.server());
        Map<String, long[]> clusters = new TreeMap<>();
        Map<String, long[]> slowWay = new TreeMap<>();
        for (UserMappings.Mapping mapping : app.mappings().all()) {
            long[] counted = new long[2];
            app.mappings().records(mapping.userID()).forEach((index, ids) -> {
                IndexState state = app.find(index);
                for (String id : ids) {
                    long size = state == null ? -1 : StoreHolds.jsonSize(state.data(), id);
                    if (size >= 0) {
                        counted[0]++;
                        counted[1] += size;
                    }
                }
            });
            slowWay.put(mapping.userID(), counted);
            long[] cluster = clusters.computeIfAbsent(mapping.clusterName(), c -> new long[3]);
            cluster[0] += counted[0];
            cluster[1] += counted[1];
            cluster[2]++;
            JsonNode entry =
                    admin.get("/1/clusters/mapping/" + mapping.userID()).body();
            assertThat(new long[] {
                        entry.get("nbRecords").asLong(), entry.get("dataSize").asLong()
                    })
                    .as(step + ": " + mapping.userID())
                    .containsExactly(counted);
        }
        assertThat(slowWay.get(userID)[0]).as(step + ": records of " + userID).isEqualTo(expectedRecords);
        for (JsonNode entry : admin.get("/1/clusters/mapping").body().get("userIDs")) {
            long[] counted = slowWay.get(entry.get("userID").stringValue());
            assertThat(new long[] {
                        entry.get("nbRecords").asLong(), entry.get("dataSize").asLong()
                    })
                    .as(step + ": listed " + entry)
                    .containsExactly(counted);
        }
        for (JsonNode cluster : admin.get("/1/clusters").body().get("clusters")) {
            long[] counted = clusters.getOrDefault(cluster.get("clusterName").stringValue(), new long[3]);
            assertThat(new long[] {
                        cluster.get("nbRecords").asLong(),
                        cluster.get("dataSize").asLong(),
                        cluster.get("nbUserIDs").asLong()
                    })
                    .as(step + ": " + cluster)
                    .containsExactly(counted);
        }
        for (JsonNode top : admin.get("/1/clusters/mapping/top").body().get("topUsers")) {
            top.properties()
                    .forEach(cluster -> cluster.getValue()
                            .forEach(entry -> assertThat(new long[] {
                                        entry.get("nbRecords").asLong(),
                                        entry.get("dataSize").asLong()
                                    })
                                    .as(step + ": top " + entry)
                                    .containsExactly(
                                            slowWay.get(entry.get("userID").stringValue()))));
        }
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
