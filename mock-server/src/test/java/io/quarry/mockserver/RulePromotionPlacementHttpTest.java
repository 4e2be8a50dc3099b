package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Where promoted records land when a promotion moves a hit from before another promoted one, or repeats. */
class RulePromotionPlacementHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        // An empty query lists o1..o4 in that order.
        server.seed(jq("{'indices':{'shop':{'settings':{'customRanking':['desc(rank)']},'records':["
                + "{'objectID':'o1','rank':4},{'objectID':'o2','rank':3},"
                + "{'objectID':'o3','rank':2},{'objectID':'o4','rank':1}]}}}"));
    }

    private void saveRules(String... consequences) {
        StringBuilder rules = new StringBuilder("[");
        for (int i = 0; i < consequences.length; i++) {
            rules.append(i == 0 ? "" : ",")
                    .append("{'objectID':'r")
                    .append(i)
                    .append("','conditions':[{'pattern':'','anchoring':'is'}],'consequence':")
                    .append(consequences[i])
                    .append('}');
        }
        Reply reply =
                client.post("/1/indexes/shop/rules/batch", jq(rules.append(']').toString()));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
    }

    private List<String> ids(int hitsPerPage, int page) {
        return client.post("/1/indexes/shop/query", "{\"hitsPerPage\":" + hitsPerPage + ",\"page\":" + page + "}")
                .hitIds();
    }

    @Test
    void aPromotedHitTakenFromBeforeAnEarlierPinKeepsThatPinInPlace() {
        saveRules("{'promote':[{'objectID':'o4','position':1},{'objectID':'o1','position':2}]}");
        assertThat(ids(10, 0)).containsExactly("o2", "o4", "o1", "o3");
    }

    @Test
    void aRecordPromotedTwiceStaysWhereItsFirstPromotionPutsIt() {
        saveRules(
                "{'promote':[{'objectIDs':['o4','o3'],'position':0},{'objectID':'o4','position':3}]}",
                "{'promote':[{'objectID':'o3','position':2}]}");
        assertThat(ids(10, 0)).containsExactly("o4", "o3", "o1", "o2");
    }

    @Test
    void promotionsPastTheLastHitFollowItPageByPage() {
        saveRules("{'promote':[{'objectID':'o1','position':9},{'objectID':'o2','position':5}]}");
        assertThat(ids(10, 0)).containsExactly("o3", "o4", "o2", "o1");
        assertThat(ids(3, 1)).containsExactly("o1");
    }
}
