package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A secured key's {@code restrictIndices} and {@code filters} on every kind of call a search key's parent may be
 * given rights for: facet search, browse, rules and synonyms search, settings, tasks, answers, analytics and the
 * index list, besides the searches and record reads other tests cover. Each refuses an index outside the key's, and
 * those returning records or facet counts see only what the key's filters keep.
 */
class SecuredKeyIndexRoutesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());
    private TestClient ann;

    @BeforeEach
    void seed() {
        String settings = "{'attributesForFaceting':['searchable(owner)','genre'],'searchableAttributes':['title']}";
        MOCK.server()
                .seed(jq("{'keys':[{'value':'everything','acl':['search','browse','settings','analytics',"
                        + "'listIndexes','nluReadAnswers']}],'indices':{"
                        + "'Movies':{'settings':" + settings + ",'records':["
                        + "{'objectID':'1','title':'heat','owner':'ann','genre':'crime'},"
                        + "{'objectID':'2','title':'alien','owner':'bob','genre':'scifi'}]},"
                        + "'Series':{'settings':" + settings + ",'records':["
                        + "{'objectID':'s','title':'lost','owner':'ann','genre':'drama'}]}}}"));
        ann = admin.withKey(SecuredKeyFactory.sign("everything", "filters=owner%3Aann&restrictIndices=Movies"));
    }

    private static void refused(Reply reply, String call) {
        assertThat(reply.status()).as(call + ": " + reply).isIn(401, 403);
        assertThat(reply.body().get("message").asString()).as(call).contains("Index not allowed");
    }

    @Test
    void everyCallNamingAnotherIndexIsRefused() {
        refused(ann.post("/1/indexes/Series/facets/owner/query", "{}"), "facet search");
        refused(ann.post("/1/indexes/Series/browse", "{}"), "browse");
        refused(ann.get("/1/indexes/Series/browse"), "browse by GET");
        refused(ann.post("/1/indexes/Series/rules/search", "{}"), "rules search");
        refused(ann.post("/1/indexes/Series/synonyms/search", "{}"), "synonyms search");
        refused(ann.get("/1/indexes/Series/settings"), "settings");
        refused(ann.get("/1/indexes/Series/task/4294967296"), "task");
        refused(ann.post("/1/answers/Series/prediction", jq("{'query':'lost','queryLanguage':'en'}")), "answers");
        refused(ann.get("/2/searches?index=Series"), "analytics");
        refused(
                ann.post(
                        "/1/indexes/*/queries",
                        jq("{'requests':[{'indexName':'Series','type':'facet','facet':'owner'}]}")),
                "facet entry of a multi-index search");
        refused(
                ann.post("/1/indexes/*/objects", jq("{'requests':[{'indexName':'Series','objectID':'s'}]}")),
                "records across indices");
    }

    @Test
    void theKeysOwnIndexAnswersWithinItsFilters() {
        assertThat(ann.post("/1/indexes/Movies/facets/owner/query", "{}").body().get("facetHits"))
                .extracting(hit -> hit.get("value").asString())
                .containsExactly("ann");
        assertThat(ann.post("/1/indexes/Movies/browse", "{}").hitIds()).containsExactly("1");
        assertThat(ann.post("/1/indexes/Movies/query", jq("{'facets':['genre']}"))
                        .body()
                        .get("facets")
                        .get("genre")
                        .has("scifi"))
                .as("bob's facet values are not counted")
                .isFalse();
        assertThat(ann.post("/1/indexes/Movies/rules/search", "{}").status()).isEqualTo(200);
        assertThat(ann.get("/1/indexes").body().get("items"))
                .extracting(item -> item.get("name").asString())
                .containsExactly("Movies");
    }
}
