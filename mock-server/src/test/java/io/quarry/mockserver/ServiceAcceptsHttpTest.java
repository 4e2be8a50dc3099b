package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Requests the service's documents give no reason to refuse, which the mock server once refused: each now
 * succeeds. (The refusals the mock server keeps to protect itself are listed in its README.)
 */
class ServiceAcceptsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    @BeforeEach
    void seed() {
        server.seed(jq("{'indices':{'items':{'records':[{'objectID':'1','name':'The battery lasts two days'}]}}}"));
    }

    private static void assertOk(Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
    }

    @Test
    void analyticsTakesADateRangeLongerThanAYear() {
        Reply reply = admin.get("/2/searches/count?index=items&startDate=2020-01-01&endDate=2021-12-31");

        assertOk(reply);
        assertThat(reply.body().get("dates")).hasSize(731);
    }

    @Test
    void analyticsStillBoundsTheDailySeriesAndTheDateFormat() {
        Reply huge = admin.get("/2/searches/count?index=items&startDate=0001-01-01&endDate=9999-12-31");
        assertThat(huge.status()).isEqualTo(400);
        assertThat(huge.body().get("message").asString()).contains("100 years");
        assertThat(admin.get("/2/searches/count?index=items&startDate=%2B10000-01-01")
                        .status())
                .isEqualTo(400);
    }

    @Test
    void copyOrMoveOntoItselfOrFromNowhereIsAcknowledgedAndChangesNothing() {
        for (String operation : new String[] {"copy", "move"}) {
            Reply onto = admin.post(
                    "/1/indexes/items/operation", jq("{'operation':'" + operation + "','destination':'items'}"));
            assertOk(onto);
            assertThat(onto.body().has("taskID")).isTrue();
            admin.get("/1/indexes/items/1").requireOk();
        }
        Reply fromNowhere =
                admin.post("/1/indexes/nowhere/operation", jq("{'operation':'move','destination':'elsewhere'}"));
        assertOk(fromNowhere);
        assertThat(fromNowhere.body().has("taskID")).isTrue();
        assertThat(admin.get("/1/indexes").body().toString()).doesNotContain("elsewhere", "nowhere");
    }

    @Test
    void deletingARuleOrSynonymTheIndexLacksIsAcknowledged() {
        Reply rule = admin.delete("/1/indexes/items/rules/absent");
        Reply synonym = admin.delete("/1/indexes/items/synonyms/absent");

        assertOk(rule);
        assertThat(rule.body().has("deletedAt")).isTrue();
        assertOk(synonym);
        assertThat(synonym.body().has("taskID")).isTrue();
    }

    @Test
    void aRuleValidityRangeMayLeaveOutBothEnds() {
        Reply saved = admin.put(
                "/1/indexes/items/rules/always",
                jq("{'objectID':'always','conditions':[{'pattern':'battery','anchoring':'contains'}],"
                        + "'consequence':{'params':{'filters':'objectID:1'}},'validity':[{}]}"));

        assertOk(saved);
    }

    @Test
    void aClusterUserIdNeedsNoParticularCharacters() {
        Reply assigned = admin.send(admin.request("POST", "/1/clusters/mapping", jq("{'cluster':'mock-cluster-1'}"))
                .header("X-Service-User-ID", "user@example.com #7")
                .build());

        assertOk(assigned);
        assertOk(admin.get("/1/clusters/mapping/user%40example.com%20%237"));
    }

    @Test
    void aSuggestionsIndexMayBeOneOfItsSources() {
        assertOk(admin.post("/1/configs", jq("{'indexName':'items','sourceIndices':[{'indexName':'items'}]}")));
    }

    @Test
    void strategyScoresNeedNoParticularRange() {
        assertOk(admin.post(
                "/1/strategies/personalization",
                jq("{'eventsScoring':[{'eventName':'Bought','eventType':'conversion','score':500}],"
                        + "'facetsScoring':[{'facetName':'brand','score':0}],'personalizationImpact':50}")));
    }

    @Test
    void anAnswersRequestMayAskForNoHits() {
        Reply reply =
                admin.post("/1/answers/items/prediction", jq("{'query':'battery','queryLanguages':['en'],'nbHits':0}"));

        assertOk(reply);
        assertThat(reply.body().get("hits")).isEmpty();
    }

    @Test
    void aCrawlerPatchMayChangeNothing() {
        TestClient crawlerClient = new TestClient(server, null, null);
        String config = jq("{'appId':'" + server.applicationId() + "','rateLimit':1,"
                + "'actions':[{'indexName':'docs','recordExtractor':{'__type':'function','source':'() => []'}}]}");
        Reply created = crawlerClient.crawler("POST", "/crawlers", "{\"name\": \"docs\", \"config\": " + config + "}");
        assertOk(created);

        Reply patched = crawlerClient.crawler(
                "PATCH", "/crawlers/" + created.body().get("id").asString(), "{}");

        assertOk(patched);
        assertThat(patched.body().has("taskId")).isTrue();
    }
}
