package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.ObjectNode;

/**
 * A browse cursor continues the browse it came from, or is refused: presented to another index, after its index
 * was cleared, replaced or reset, after the customRanking changed, or edited, it answered pages of whatever was
 * there, skipping records silently.
 */
class BrowseCursorScopeHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            records.append(i == 0 ? "" : ",")
                    .append("{'objectID':'r")
                    .append(i)
                    .append("','rank':")
                    .append(i % 4)
                    .append('}');
        }
        server.seed(jq("{'indices':{'items':{'settings':{'customRanking':['desc(rank)']},'records':[" + records
                + "]},'other':{'settings':{'customRanking':['desc(rank)']},'records':[" + records + "]}}}"));
    }

    private String firstCursor() {
        return client.post("/1/indexes/items/browse", jq("{'params':'hitsPerPage=5'}"))
                .requireOk()
                .body()
                .get("cursor")
                .stringValue();
    }

    private Reply next(String index, String cursor) {
        return client.post("/1/indexes/" + index + "/browse", "{\"cursor\":\"" + cursor + "\"}");
    }

    private static void assertRefused(Reply reply, String reason) {
        assertThat(reply.status()).as("%s", reply).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue())
                .startsWith("Invalid cursor")
                .contains(reason);
    }

    @Test
    void aCursorFollowedOnItsOwnIndexReadsEveryRecordOnce() {
        String cursor = firstCursor();
        Reply second = next("items", cursor).requireOk();
        Reply third = next("items", second.body().get("cursor").stringValue()).requireOk();
        assertThat(second.hitIds()).hasSize(5);
        assertThat(third.hitIds()).hasSize(2);
        assertThat(third.body().has("cursor")).isFalse();
        // Stateless: the same cursor answers the same page again.
        assertThat(next("items", cursor).hitIds()).isEqualTo(second.hitIds());
    }

    @Test
    void aCursorOfAnotherIndexIsRefused() {
        assertRefused(next("other", firstCursor()), "another index");
    }

    @Test
    void aCursorFromBeforeAClearIsRefused() {
        String cursor = firstCursor();
        client.post("/1/indexes/items/clear", "{}").requireOk();
        client.post(
                        "/1/indexes/items/batch",
                        jq("{'requests':[{'action':'addObject','body':{'objectID':'n','rank':9}}]}"))
                .requireOk();
        assertRefused(next("items", cursor), "cleared or replaced");
    }

    @Test
    void aCursorFromBeforeAMoveOntoItsIndexOrAResetIsRefused(MockServer server) {
        String cursor = firstCursor();
        client.post("/1/indexes/other/operation", jq("{'operation':'move','destination':'items'}"))
                .requireOk();
        assertRefused(next("items", cursor), "cleared or replaced");
        String fresh = firstCursor();
        server.reset();
        seed(server);
        assertRefused(next("items", fresh), "cleared or replaced");
    }

    @Test
    void aCursorFromBeforeACustomRankingChangeIsRefused() {
        String cursor = firstCursor();
        client.put("/1/indexes/items/settings", jq("{'customRanking':['asc(rank)']}"))
                .requireOk();
        assertRefused(next("items", cursor), "customRanking");
    }

    @Test
    void writesOfRecordsBetweenCallsKeepTheCursor() {
        String cursor = firstCursor();
        client.post(
                        "/1/indexes/items/batch",
                        jq("{'requests':[{'action':'addObject','body':{'objectID':'late','rank':0}},"
                                + "{'action':'partialUpdateObject','body':{'objectID':'r3','note':'x'}}]}"))
                .requireOk();
        assertThat(next("items", cursor).status()).isEqualTo(200);
    }

    @Test
    void anEditedCursorWithAnImpossiblePageOrCountIsRefused() {
        String issued = firstCursor();
        String contents = issued.substring(0, issued.indexOf('.'));
        String signature = issued.substring(issued.indexOf('.'));
        ObjectNode decoded = (ObjectNode)
                TestClient.json(new String(Base64.getUrlDecoder().decode(contents), StandardCharsets.UTF_8));
        for (String edit : new String[] {"page=-3", "page=0", "page=2147483647", "nbHits=-9", "sequence=-1"}) {
            ObjectNode edited = decoded.deepCopy();
            String[] parts = edit.split("=");
            edited.put(parts[0], Long.parseLong(parts[1]));
            String cursor = Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(edited.toString().getBytes(StandardCharsets.UTF_8))
                    + signature;
            Reply reply = next("items", cursor);
            assertThat(reply.status()).as("%s: %s", edit, reply).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue()).isEqualTo("Invalid cursor");
        }
    }
}
