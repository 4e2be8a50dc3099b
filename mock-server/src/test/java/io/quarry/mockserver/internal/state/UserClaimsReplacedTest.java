package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A cluster user's claims on an index's records go when the records do, however they go: cleared, deleted by a
 * filter matching them all, replaced by a copy or a seed; a move takes them along. Kept until the user next wrote to that index,
 * a user filling and clearing many indices left its claims behind in each.
 */
class UserClaimsReplacedTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());
    private final UserMappings mappings = ServerApplication.of(MOCK.server()).mappings();

    private Reply asUser(String method, String path, String body) {
        return admin.send(admin.request(method, path, body)
                .header("X-Service-User-ID", "filler")
                .build());
    }

    private void fill(String index) {
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < 50; i++) {
            batch.append(i == 0 ? "" : ",")
                    .append(jq("{'action':'addObject','body':{'objectID':'" + index + "-" + i + "','n':" + i + "}}"));
        }
        assertThat(asUser("POST", "/1/indexes/" + index + "/batch", batch + "]}")
                        .status())
                .isEqualTo(200);
    }

    @BeforeEach
    void assign() {
        assertThat(asUser("POST", "/1/clusters/mapping", jq("{'cluster':'mock-cluster-1'}"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void fillingAndClearingIndicesLeavesNoClaims() {
        for (int i = 0; i < 20; i++) {
            fill("cleared-" + i);
            assertThat(admin.post("/1/indexes/cleared-" + i + "/clear", "{}").status())
                    .isEqualTo(200);
        }
        fill("filtered");
        assertThat(admin.post("/1/indexes/filtered/deleteByQuery", jq("{'filters':'n >= 0'}"))
                        .status())
                .isEqualTo(200);

        assertThat(mappings.records("filler")).isEmpty();
        assertThat(mappings.claimedBytes()).isZero();
    }

    @Test
    void aCopyReplacesTheClaimsAndAMoveTakesThemAlong() {
        fill("copied-over");
        fill("source");
        assertThat(admin.post("/1/indexes/source/operation", jq("{'operation':'copy','destination':'copied-over'}"))
                        .status())
                .isEqualTo(200);
        assertThat(mappings.records("filler")).containsOnlyKeys("source");

        fill("tmp");
        assertThat(admin.post("/1/indexes/tmp/operation", jq("{'operation':'move','destination':'source'}"))
                        .status())
                .isEqualTo(200);
        assertThat(mappings.records("filler")).containsOnlyKeys("source");
        assertThat(mappings.records("filler").get("source")).allMatch(id -> id.startsWith("tmp-"));
        assertThat(admin.get("/1/clusters/mapping/filler")
                        .body()
                        .get("nbRecords")
                        .asLong())
                .isEqualTo(50);
    }

    @Test
    void aSeedReplacingTheRecordsForgetsTheirClaimsAtOnce() {
        fill("seeded");
        fill("kept");
        assertThat(admin.post("/_mock/seed", jq("{'indices':{'seeded':{'records':[{'objectID':'seeded-0','n':0}]}}}"))
                        .status())
                .isEqualTo(200);

        // the seeded record was written by no user, though it has the objectID of one the user wrote
        assertThat(mappings.records("filler")).containsOnlyKeys("kept");
        long keptClaims = 0;
        for (String id : mappings.records("filler").get("kept")) {
            keptClaims += UserMappings.claimBytes(id);
        }
        assertThat(mappings.claimedBytes()).isEqualTo(keptClaims);
        assertThat(admin.get("/1/clusters/mapping/filler")
                        .body()
                        .get("nbRecords")
                        .asLong())
                .isEqualTo(50);
    }
}
