package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The search parameters a secured key embeds (and a key's queryParameters) hold against the request's own
 * parameters that would stand in for them, against a secured key's parameters over its parent's, and on the routes
 * that read records by objectID or take events.
 */
class SecuredKeyForcedParametersHttpTest {

    private static final String PARENT = "forced-parent-000000000000000000";
    /** Forces what a browser may see: one attribute, searched in it only, the first page of one, within 1 km of (0, 0). */
    private static final String FORCING_PARENT = "forced-parent-111111111111111111";

    private static final String FORCED = "attributesToRetrieve=name&restrictSearchableAttributes=name&page=0"
            + "&hitsPerPage=1&aroundLatLng=0%2C0&aroundRadius=1000";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    @BeforeEach
    void seed() {
        server.seed(jq("{'keys':[{'value':'" + PARENT + "','acl':['search','browse'],'indexes':['items']},"
                + "{'value':'" + FORCING_PARENT + "','acl':['search'],'queryParameters':'" + FORCED + "'}],"
                + "'indices':{'items':{'records':["
                + "{'objectID':'near','name':'red apple','secret':'red code','_geoloc':{'lat':0,'lng':0}},"
                + "{'objectID':'far','name':'blue pear','secret':'blue code','_geoloc':{'lat':40,'lng':40}},"
                + "{'objectID':'close','name':'green fig','secret':'red fig','_geoloc':{'lat':0.001,'lng':0}}]},"
                + "'other':{'records':[{'objectID':'o'}]}}}"));
    }

    private TestClient securedBy(String parent, String query) {
        return admin.withKey(SecuredKeyFactory.sign(parent, query));
    }

    private static TestClient.Reply search(TestClient user, String body) {
        return user.post("/1/indexes/items/query", jq(body));
    }

    private static List<String> attributesShown(Reply reply) {
        reply.requireOk();
        return reply.body()
                .get("hits")
                .valueStream()
                .flatMap(hit -> hit.propertyNames().stream())
                .distinct()
                .sorted()
                .toList();
    }

    @Test
    void attributesTheKeyDoesNotRetrieveAreNeitherHighlightedNorSnippeted() {
        TestClient user = securedBy(PARENT, "attributesToRetrieve=name");

        Reply highlighted = search(user, "{'query':'red','attributesToHighlight':['secret','name']}");
        Reply snippeted = search(user, "{'query':'red','attributesToSnippet':['secret']}");

        assertThat(highlighted.body().toString()).as(highlighted.toString()).doesNotContain("code");
        assertThat(highlighted.body().at("/hits/0/_highlightResult").propertyNames())
                .containsExactly("name");
        assertThat(snippeted.body().toString()).as(snippeted.toString()).doesNotContain("code");
        // without a forced list, a request still highlights what it does not retrieve
        Reply own = search(
                admin.withKey(PARENT),
                "{'query':'code','attributesToRetrieve':['name']," + "'attributesToHighlight':['secret']}");
        assertThat(own.body().at("/hits/0/_highlightResult/secret/value").stringValue())
                .contains("<em>code</em>");
    }

    @Test
    void recordsReadByObjectIdShowOnlyWhatTheKeyRetrieves() {
        TestClient user = securedBy(PARENT, "attributesToRetrieve=name");

        Reply one = user.get("/1/indexes/items/far?attributesToRetrieve=secret");
        Reply several = user.post(
                "/1/indexes/*/objects",
                jq("{'requests':[{'indexName':'items','objectID':'far','attributesToRetrieve':['*']}]}"));

        assertThat(one.requireOk().body().propertyNames()).containsExactlyInAnyOrder("objectID", "name");
        assertThat(several.requireOk().body().at("/results/0").propertyNames())
                .containsExactlyInAnyOrder("objectID", "name");
    }

    @Test
    void offsetAndLengthDoNotOutgrowTheKeysPageSize() {
        Reply reply = search(securedBy(PARENT, "hitsPerPage=1"), "{'offset':0,'length':10}");

        assertThat(reply.hitIds()).hasSize(1);
        assertThat(reply.body().get("nbHits").asInt()).isEqualTo(3);
        assertThat(search(securedBy(PARENT, "hitsPerPage=1"), "{'offset':2,'length':10}")
                        .hitIds())
                .hasSize(1);
    }

    @Test
    void theRequestsBoxesOrPolygonsDoNotReplaceTheKeysArea() {
        TestClient user = securedBy(PARENT, "aroundLatLng=0%2C0&aroundRadius=1000");
        List<String> world = List.of(
                "{'insideBoundingBox':[[-90,-180,90,180]]}",
                "{'insidePolygon':[[-80,-170,80,-170,80,170,-80,170]]}",
                "{'aroundLatLng':'40,40','aroundRadius':'all'}");

        for (String body : world) {
            assertThat(search(user, body).hitIds()).as(body).containsExactlyInAnyOrder("near", "close");
        }
        TestClient boxed = securedBy(PARENT, "insideBoundingBox=%5B%5B-1%2C-1%2C1%2C1%5D%5D");
        assertThat(search(boxed, "{'insidePolygon':[[-80,-170,80,-170,80,170,-80,170]]}")
                        .hitIds())
                .containsExactlyInAnyOrder("near", "close");
    }

    @Test
    void aRecordOutsideTheKeysAreaReadsAsAbsent() {
        TestClient user = securedBy(PARENT, "aroundLatLng=0%2C0&aroundRadius=1000");

        assertThat(user.get("/1/indexes/items/far").status()).isEqualTo(404);
        assertThat(user.get("/1/indexes/items/close").status()).isEqualTo(200);
    }

    @Test
    void aSecuredKeyDoesNotLiftWhatItsParentForces() {
        TestClient user = securedBy(
                FORCING_PARENT,
                "attributesToRetrieve=%2A&restrictSearchableAttributes=secret&page=1&hitsPerPage=50"
                        + "&insideBoundingBox=%5B%5B-90%2C-180%2C90%2C180%5D%5D");

        Reply reply = search(user, "{}");
        Reply inSecret = search(user, "{'query':'code'}");
        Reply deeper = search(user, "{'offset':1,'length':1}");

        assertThat(reply.hitIds()).hasSize(1);
        assertThat(reply.body().get("nbHits").asInt()).isEqualTo(2);
        assertThat(attributesShown(reply)).doesNotContain("secret");
        assertThat(inSecret.hitIds()).as(inSecret.toString()).isEmpty();
        assertThat(deeper.body().get("page").asInt()).as(deeper.toString()).isZero();
        assertThat(deeper.hitIds()).isEqualTo(reply.hitIds());
        assertThat(user.get("/1/indexes/items/far").status()).isEqualTo(404);
        assertThat(user.get("/1/indexes/items/close").body().has("secret")).isFalse();
        // a secured key may still narrow: a smaller page
        assertThat(search(securedBy(FORCING_PARENT, "hitsPerPage=0"), "{}").hitIds())
                .isEmpty();
    }

    @Test
    void eventsAreHeldToTheIndicesOfTheKeyAndOfTheSecuredKey() {
        String event = "{'events':[{'eventType':'view','eventName':'Seen','index':'%s','userToken':'u-1',"
                + "'objectIDs':['near']}]}";
        TestClient restricted = securedBy(FORCING_PARENT, "restrictIndices=items");
        TestClient ofParentIndices = securedBy(PARENT, "");

        assertThat(restricted.post("/1/events", jq(event.formatted("items"))).status())
                .isEqualTo(200);
        Reply refused = restricted.post("/1/events", jq(event.formatted("other")));
        assertThat(refused.status()).as(refused.toString()).isEqualTo(401);
        assertThat(refused.body().get("message").stringValue()).isEqualTo("Index not allowed with this API key");
        assertThat(ofParentIndices
                        .post("/1/events", jq(event.formatted("other")))
                        .status())
                .isEqualTo(401);
        assertThat(admin.withKey(PARENT)
                        .post("/1/events", jq(event.formatted("other")))
                        .status())
                .isEqualTo(401);
        assertThat(admin.post("/1/events", jq(event.formatted("other"))).status())
                .isEqualTo(200);
    }

    @Test
    void aKeyWithoutForcedParametersLeavesTheRequestsOwn() {
        JsonNode body = search(
                        securedBy(PARENT, "restrictIndices=items"),
                        "{'offset':1,'length':2," + "'insideBoundingBox':[[-1,-1,1,1]]}")
                .requireOk()
                .body();

        assertThat(body.get("nbHits").asInt()).isEqualTo(2);
        assertThat(body.get("length").asInt()).isEqualTo(2);
        assertThat(body.get("hits").size()).isEqualTo(1);
    }
}
