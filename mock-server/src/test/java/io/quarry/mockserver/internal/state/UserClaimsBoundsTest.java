package io.quarry.mockserver.internal.state;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The records a user of multi-cluster mapping wrote are kept while they can still be stored: deleted ones stayed
 * claimed for ever, so a loop writing and deleting new records with {@code X-Service-User-ID} (each claim as long as
 * its objectID, up to the body limit) grew the heap without end, and so did deleting the indices written.
 */
class UserClaimsBoundsTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());
    private final UserMappings mappings = ServerApplication.of(MOCK.server()).mappings();

    private Reply asUser(String method, String path, String body) {
        return admin.send(admin.request(method, path, body)
                .header("X-Service-User-ID", "churner")
                .build());
    }

    private void assign() {
        assertThat(asUser("POST", "/1/clusters/mapping", jq("{'cluster':'mock-cluster-1'}"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void deletedRecordsAreForgottenAsNewOnesAreClaimed() {
        assign();
        // a record kept throughout, so that the index is never emptied (which forgets its claims at once)
        assertThat(asUser("PUT", "/1/indexes/churn/kept", "{\"a\":1}").status()).isEqualTo(200);
        long written = 3 * UserMappings.PRUNE_FLOOR_BYTES / UserMappings.claimBytes("r0000");
        for (int from = 0; from < written; from += 500) {
            StringBuilder batch = new StringBuilder("{\"requests\":[");
            for (int i = from; i < from + 500; i++) {
                batch.append(i == from ? "" : ",")
                        .append(jq("{'action':'addObject','body':{'objectID':'r" + i + "'}},"
                                + "{'action':'deleteObject','body':{'objectID':'r" + i + "'}}"));
            }
            assertThat(asUser("POST", "/1/indexes/churn/batch", batch + "]}").status())
                    .isEqualTo(200);
        }
        assertThat(asUser("PUT", "/1/indexes/churn/kept", "{\"a\":2}").status()).isEqualTo(200);

        assertThat(mappings.records("churner").get("churn")).contains("kept");
        assertThat(mappings.claimedBytes()).isLessThan(2 * UserMappings.PRUNE_FLOOR_BYTES);
        assertThat(admin.get("/1/clusters/mapping/churner")
                        .body()
                        .get("nbRecords")
                        .asLong())
                .isEqualTo(1);
    }

    @Test
    void longObjectIDsArePrunedByTheirBytes() {
        assign();
        assertThat(asUser("PUT", "/1/indexes/long/kept", "{\"a\":1}").status()).isEqualTo(200);
        String longId = "L".repeat(50_000);
        for (int i = 0; i < 10; i++) {
            String id = longId + i;
            assertThat(asUser(
                                    "POST",
                                    "/1/indexes/long/batch",
                                    jq("{'requests':[{'action':'addObject','body':{'objectID':'" + id + "'}}]}"))
                            .status())
                    .isEqualTo(200);
            assertThat(admin.post(
                                    "/1/indexes/long/batch",
                                    jq("{'requests':[{'action':'deleteObject','body':{'objectID':'" + id + "'}}]}"))
                            .status())
                    .isEqualTo(200);
        }
        // pruned once their bytes pass the floor: counted by claims, a thousand IDs of 100 KB each stayed
        assertThat(mappings.claimedBytes())
                .isLessThan(UserMappings.PRUNE_FLOOR_BYTES + 2 * UserMappings.claimBytes(longId + 0));
    }

    /**
     * A write claims its records before it applies: one refused afterwards (past the budget of stored records)
     * leaves claims naming no stored record, forgotten once their bytes double, as deleted records' once were.
     */
    @Test
    void claimsOfWritesThatNeverAppliedArePrunedByTheirBytes() {
        assign();
        assertThat(asUser("PUT", "/1/indexes/refused/kept", "{\"a\":1}").status())
                .isEqualTo(200);
        Application app = ServerApplication.of(MOCK.server());
        long each = UserMappings.claimBytes("never-00000");
        for (int i = 0; i < 3 * UserMappings.PRUNE_FLOOR_BYTES / each; i++) {
            List<String> ids = List.of(String.format("never-%05d", i));
            app.write("refused", index -> mappings.claim("churner", "refused", index.data(), ids));
        }

        assertThat(mappings.claimedBytes()).isLessThan(UserMappings.PRUNE_FLOOR_BYTES + 2 * each);
        assertThat(mappings.records("churner").get("refused")).contains("kept");
        assertThat(admin.get("/1/clusters/mapping/churner")
                        .body()
                        .get("nbRecords")
                        .asLong())
                .isEqualTo(1);
    }

    @Test
    void aDeletedIndexTakesItsClaimsAlong() {
        assign();
        assertThat(asUser("PUT", "/1/indexes/gone/a", "{\"a\":1}").status()).isEqualTo(200);
        assertThat(asUser("PUT", "/1/indexes/stays/b", "{\"b\":1}").status()).isEqualTo(200);
        assertThat(mappings.records("churner")).containsOnlyKeys("gone", "stays");

        assertThat(admin.delete("/1/indexes/gone").status()).isEqualTo(200);
        assertThat(mappings.records("churner")).containsOnlyKeys("stays");
        assertThat(admin.delete("/1/clusters/mapping/churner").status()).isEqualTo(200);
        assertThat(admin.get("/1/indexes/stays/b").status())
                .as("removing the user deletes its records")
                .isEqualTo(404);
    }
}
