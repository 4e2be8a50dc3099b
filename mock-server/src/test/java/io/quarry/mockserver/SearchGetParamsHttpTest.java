package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A search or browse with its parameters in the URL reads a {@code params} URL parameter's string as a POST reads its
 * body's {@code params}: its parameters apply, the URL's own win over them. It was ignored (a strict server refused
 * it as unknown), so {@code ?params=attributesToHighlight%3Dname} highlighted with the index's settings.
 */
@Timeout(60)
class SearchGetParamsHttpTest {

    private final MockServer server = MockServer.builder().strict().start();
    private final TestClient admin = new TestClient(server);

    @BeforeEach
    void seed() {
        server.seed(jq("{'indices':{'items':{'settings':{'attributesForFaceting':['kind']},'records':["
                + "{'objectID':'1','name':'red shoe','kind':'shoe','note':'shoe care'},"
                + "{'objectID':'2','name':'blue shoe','kind':'shoe','note':'a shoe'},"
                + "{'objectID':'3','name':'green hat','kind':'hat','note':'no shoe'}]}}}"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static String params(String string) {
        return "params=" + URLEncoder.encode(string, StandardCharsets.UTF_8);
    }

    @Test
    void aSearchAppliesTheParametersOfItsParamsString() {
        String string = "query=shoe&filters=kind:shoe&attributesToHighlight=name&hitsPerPage=1";
        JsonNode body =
                admin.get("/1/indexes/items?" + params(string)).requireOk().body();

        assertThat(body.get("nbHits").asInt()).isEqualTo(2);
        assertThat(body.get("hitsPerPage").asInt()).isEqualTo(1);
        assertThat(body.get("query").asString()).isEqualTo("shoe");
        JsonNode posted = admin.post("/1/indexes/items/query", "{\"params\": \"" + string + "\"}")
                .requireOk()
                .body();
        assertThat(body.get("params")).as("the parameters applied").isEqualTo(posted.get("params"));
        assertThat(body.get("hits")).isEqualTo(posted.get("hits"));
        JsonNode highlighted = body.get("hits").get(0).get("_highlightResult");
        assertThat(highlighted.propertyNames()).containsExactly("name");
    }

    @Test
    void theUrlsOwnParametersWinOverItsParamsString() {
        Reply reply = admin.get("/1/indexes/items?" + params("query=hat&hitsPerPage=1") + "&query=shoe&hitsPerPage=3");

        JsonNode body = reply.requireOk().body();
        assertThat(body.get("query").asString()).isEqualTo("shoe");
        assertThat(body.get("hitsPerPage").asInt()).isEqualTo(3);
        assertThat(body.get("nbHits").asInt()).isEqualTo(3);
    }

    @Test
    void aBrowseAppliesThemToo() {
        JsonNode body = admin.get("/1/indexes/items/browse?" + params("filters=kind:hat"))
                .requireOk()
                .body();

        assertThat(body.get("nbHits").asInt()).isEqualTo(1);
        assertThat(body.get("hits").get(0).get("objectID").asString()).isEqualTo("3");
    }

    @Test
    void aParamsStringInsideItIsNotUnpackedAgain() {
        Reply nested = admin.get("/1/indexes/items?" + params(params("query=hat")));

        assertThat(nested.status()).as(nested.toString()).isEqualTo(400);
        assertThat(nested.body().get("message").asString()).isEqualTo("Unknown parameter: params");
        assertThat(admin.get("/1/indexes/items?" + params(""))
                        .requireOk()
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(3);
    }
}
