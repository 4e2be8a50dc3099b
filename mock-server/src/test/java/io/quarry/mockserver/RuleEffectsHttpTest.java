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

/** Rules saved over HTTP change search results: anchoring, params, promote, hide; rules follow the key's limits. */
class RuleEffectsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'shop':{'settings':{'attributesForFaceting':['brand']},'records':["
                + "{'objectID':'1','name':'red phone','brand':'acme'},"
                + "{'objectID':'2','name':'blue phone','brand':'globex'},"
                + "{'objectID':'3','name':'phone case','brand':'acme'},"
                + "{'objectID':'4','name':'green lamp','brand':'globex'}]}}}"));
    }

    private List<String> ids(String query) {
        return client.post("/1/indexes/shop/query", "{\"query\":\"" + query + "\"}")
                .hitIds();
    }

    private void saveRule(String json) {
        Reply reply = client.post("/1/indexes/shop/rules/batch", "[" + jq(json) + "]");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
    }

    @Test
    void paramsApplyWhenThePatternMatchesByAnchoring() {
        assertThat(ids("phone")).containsExactlyInAnyOrder("1", "2", "3");
        saveRule("{'objectID':'acme-is','conditions':[{'pattern':'phone','anchoring':'is'}],"
                + "'consequence':{'params':{'filters':'brand:acme'}}}");
        assertThat(ids("phone")).containsExactlyInAnyOrder("1", "3");
        assertThat(ids("red phone")).as("'is' needs the whole query").containsExactly("1");
        client.post("/1/indexes/shop/rules/clear", null);
        saveRule("{'objectID':'starts','conditions':[{'pattern':'blue','anchoring':'startsWith'}],"
                + "'consequence':{'params':{'filters':'brand:acme'}}}");
        assertThat(ids("blue phone")).as("blue phone is globex: filtered out").isEmpty();
        assertThat(ids("phone")).hasSize(3);
        client.post("/1/indexes/shop/rules/clear", null);
        saveRule("{'objectID':'ends','conditions':[{'pattern':'case','anchoring':'endsWith'}],"
                + "'consequence':{'params':{'filters':'brand:globex'}}}");
        assertThat(ids("phone case")).isEmpty();
        client.post("/1/indexes/shop/rules/clear", null);
        saveRule("{'objectID':'contains','conditions':[{'pattern':'lamp','anchoring':'contains'}],"
                + "'consequence':{'params':{'query':'phone'}}}");
        assertThat(ids("green lamp shade")).as("query replaced").containsExactlyInAnyOrder("1", "2", "3");
    }

    @Test
    void promoteAndHide() {
        saveRule("{'objectID':'pin','conditions':[{'pattern':'phone','anchoring':'contains'}],"
                + "'consequence':{'promote':[{'objectID':'4','position':0}],'hide':[{'objectID':'1'}]}}");
        List<String> ids = ids("phone");
        assertThat(ids.get(0)).isEqualTo("4");
        assertThat(ids).doesNotContain("1").contains("2", "3");
    }

    @Test
    void aDisabledRuleDoesNothing() {
        saveRule("{'objectID':'off','enabled':false,'conditions':[{'pattern':'phone','anchoring':'is'}],"
                + "'consequence':{'params':{'filters':'brand:acme'}}}");
        assertThat(ids("phone")).hasSize(3);
    }
}
