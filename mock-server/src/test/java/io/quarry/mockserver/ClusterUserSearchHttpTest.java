package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The user search of multi-cluster mapping with user IDs and queries that case folding does not keep in length. */
class ClusterUserSearchHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    private Reply search(String query) {
        return admin.post("/1/clusters/mapping/search", "{\"query\":\"" + query + "\",\"hitsPerPage\":10}");
    }

    @Test
    void aUserIdWhoseLowerCaseIsLongerIsHighlightedWhereItMatches() {
        // U+0130 (capital I with dot) lower-cases to two chars: offsets in the lower-cased ID are not the ID's
        admin.post(
                "/1/clusters/mapping/batch", jq("{'cluster':'mock-cluster-1','users':['\u0130ab','x\u0130stanbul']}"));

        Reply atTheEnd = search("ab");
        assertThat(atTheEnd.status()).as(atTheEnd.toString()).isEqualTo(200);
        assertThat(atTheEnd.body()
                        .get("hits")
                        .get(0)
                        .get("_highlightResult")
                        .get("userID")
                        .get("value")
                        .stringValue())
                .isEqualTo("\u0130<em>ab</em>");

        Reply inside = search("stan");
        assertThat(inside.status()).as(inside.toString()).isEqualTo(200);
        assertThat(inside.body()
                        .get("hits")
                        .get(0)
                        .get("_highlightResult")
                        .get("userID")
                        .get("value")
                        .stringValue())
                .isEqualTo("x\u0130<em>stan</em>bul");
    }

    @Test
    // a hang guard: a query tried at every position of the ID took minutes; TextSearchTest counts the search's reads
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLongQueryAgainstALongUserIdIsAnsweredPromptly() {
        String userID = "a".repeat(400_000);
        admin.post("/1/clusters/mapping/batch", "{\"cluster\":\"mock-cluster-2\",\"users\":[\"" + userID + "\"]}");

        Reply reply = search("a".repeat(200_000) + "b");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("nbHits").asInt()).isZero();
    }
}
