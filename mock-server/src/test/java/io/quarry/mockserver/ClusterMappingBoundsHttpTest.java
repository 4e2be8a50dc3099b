package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.state.UserMappings;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The user IDs of multi-cluster mapping are chosen by callers, so they are bounded in number and length: a loop of
 * batch assignments of new IDs (on by default, with the admin key) grew the heap without end, each ID as long as
 * the body.
 */
class ClusterMappingBoundsHttpTest {

    private static final int BATCH = 1000;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    private Reply assignBatch(int from, int count) {
        StringBuilder users = new StringBuilder();
        for (int i = from; i < from + count; i++) {
            users.append(i == from ? "\"" : ",\"").append("user-").append(i).append('"');
        }
        return admin.post("/1/clusters/mapping/batch", "{\"cluster\":\"mock-cluster-1\",\"users\":[" + users + "]}");
    }

    private int assignedUsers() {
        int total = 0;
        for (int page = 0; ; page++) {
            int listed = admin.get("/1/clusters/mapping?page=" + page)
                    .requireOk()
                    .body()
                    .get("userIDs")
                    .size();
            total += listed;
            if (listed == 0) {
                return total;
            }
        }
    }

    @Test
    void oneUserMoreThanTheBoundIsRefusedWholeAndAssignsNothing() {
        for (int from = 0; from < UserMappings.MAX_USERS; from += BATCH) {
            assertThat(assignBatch(from, BATCH).status()).isEqualTo(200);
        }

        Reply refused = assignBatch(UserMappings.MAX_USERS - 1, 2);
        assertThat(refused.status()).as(refused.toString()).isEqualTo(403);
        assertThat(refused.body().get("message").stringValue()).contains("at most " + UserMappings.MAX_USERS);
        Reply single = admin.send(admin.request("POST", "/1/clusters/mapping", jq("{'cluster':'mock-cluster-1'}"))
                .header("X-Service-User-ID", "one-more")
                .build());
        assertThat(single.status()).isEqualTo(403);
        assertThat(assignedUsers()).as("nothing of the refused batch assigned").isEqualTo(UserMappings.MAX_USERS);
        assertThat(admin.get("/1/clusters/mapping/user-" + UserMappings.MAX_USERS)
                        .status())
                .isEqualTo(404);

        assertThat(assignBatch(0, 1).status())
                .as("an assigned user may be assigned again")
                .isEqualTo(200);
        assertThat(admin.delete("/1/clusters/mapping/user-0").status()).isEqualTo(200);
        assertThat(assignBatch(UserMappings.MAX_USERS, 1).status())
                .as("a removal makes room")
                .isEqualTo(200);
    }

    @Test
    void aUserIdPastTheLongestIsRefused() {
        String longest = "u".repeat(UserMappings.MAX_USER_ID_CHARS);
        Reply kept =
                admin.post("/1/clusters/mapping/batch", jq("{'cluster':'mock-cluster-1','users':['" + longest + "']}"));
        assertThat(kept.status()).isEqualTo(200);
        Reply refused = admin.post(
                "/1/clusters/mapping/batch", jq("{'cluster':'mock-cluster-1','users':['" + longest + "u']}"));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").stringValue())
                .contains("at most " + UserMappings.MAX_USER_ID_CHARS + " characters");
    }
}
