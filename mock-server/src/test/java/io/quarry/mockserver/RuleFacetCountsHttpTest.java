package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Facet counts agree with the hits a rule shapes: hidden records are not counted, promoted ones are. */
class RuleFacetCountsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'shop':{'settings':{'attributesForFaceting':['brand']},'records':["
                + "{'objectID':'1','name':'red phone','brand':'acme'},"
                + "{'objectID':'2','name':'blue phone','brand':'globex'},"
                + "{'objectID':'3','name':'green lamp','brand':'initech'}]}}}"));
        Reply saved = client.put(
                "/1/indexes/shop/rules/r",
                jq("{'conditions':[{'pattern':'phone','anchoring':'contains'}],"
                        + "'consequence':{'hide':[{'objectID':'1'}],'promote':[{'objectID':'3','position':0}]}}"));
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void countsLeaveHiddenRecordsOutAndPromotedOnesIn(boolean afterDistinct) {
        Reply reply = client.post(
                        "/1/indexes/shop/query",
                        jq("{'query':'phone','facets':['brand'],'facetingAfterDistinct':" + afterDistinct + "}"))
                .requireOk();
        assertThat(reply.hitIds()).containsExactly("3", "2");
        assertThat(reply.body().path("nbHits").asInt()).isEqualTo(2);
        assertThat(reply.body().path("facets").path("brand").toString()).isEqualTo(jq("{'globex':1,'initech':1}"));
    }
}
