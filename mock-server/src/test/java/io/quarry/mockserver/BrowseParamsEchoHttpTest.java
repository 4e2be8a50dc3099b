package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Every page of a browse echoes in {@code params} the parameters applied as the first page does: those of the request
 * and of the key. Later pages echoed those the browse forces too ({@code distinct=false}, {@code facets=[]},
 * {@code attributesToHighlight=[]} and more), so the echo changed after the first page.
 */
class BrowseParamsEchoHttpTest {

    private static final String FORCING_KEY = "browse-forced-key";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            records.append(i == 0 ? "" : ",")
                    .append("{'objectID':'r")
                    .append(i)
                    .append("','kind':'k")
                    .append(i % 2);
            records.append("'}");
        }
        server.seed(jq("{'keys':[{'value':'" + FORCING_KEY + "','acl':['browse'],"
                + "'queryParameters':'attributesToRetrieve=kind'}],"
                + "'indices':{'items':{'settings':{'attributesForFaceting':['kind']},'records':[" + records + "]}}}"));
    }

    private static List<String> echoes(TestClient client, String firstBody) {
        List<String> echoed = new ArrayList<>();
        Reply page = client.post("/1/indexes/items/browse", firstBody).requireOk();
        echoed.add(page.body().get("params").stringValue());
        while (page.body().has("cursor")) {
            String next = JsonNodeFactory.instance
                    .objectNode()
                    .put("cursor", page.body().get("cursor").stringValue())
                    .toString();
            page = client.post("/1/indexes/items/browse", next).requireOk();
            echoed.add(page.body().get("params").stringValue());
        }
        return echoed;
    }

    @Test
    void everyPageEchoesTheRequestsParameters() {
        List<String> echoed = echoes(admin, jq("{'params':'hitsPerPage=2&filters=kind%3Ak0'}"));
        assertThat(echoed).hasSize(3).containsOnly("hitsPerPage=2&filters=kind%3Ak0");
    }

    @Test
    void everyPageEchoesTheKeysParametersAsTheFirstDoes() {
        List<String> echoed = echoes(admin.withKey(FORCING_KEY), jq("{'params':'hitsPerPage=4'}"));
        assertThat(echoed).hasSize(3).containsOnly(echoed.get(0));
        assertThat(echoed.get(0)).contains("attributesToRetrieve=kind").doesNotContain("distinct");
    }

    @Test
    void parametersGivenAsBodyMembersAreEchoedOnEveryPage() {
        assertThat(echoes(admin, jq("{'hitsPerPage':5}"))).containsExactly("hitsPerPage=5", "hitsPerPage=5");
    }
}
