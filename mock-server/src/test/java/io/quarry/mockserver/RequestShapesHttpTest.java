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
import tools.jackson.databind.JsonNode;

/**
 * The request shapes real clients send, over HTTP: camelCase synonym types, facet entries in multi-index search,
 * nested filter arrays, {@code <score=N>} in {@code filters}, {@code aroundPrecision} ranges and open-ended rule
 * validity.
 */
class RequestShapesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'jobs':{'settings':{'searchableAttributes':['title'],"
                + "'attributesForFaceting':['searchable(company)','editor']},'records':["
                + "{'objectID':'1','title':'engineer','company':'Google','editor':'visual studio',"
                + "'_geoloc':{'lat':48.8566,'lng':2.3522}},"
                + "{'objectID':'2','title':'engineer','company':'Amazon','editor':'neovim',"
                + "'_geoloc':{'lat':48.8600,'lng':2.3600}},"
                + "{'objectID':'3','title':'engineer','company':'Apple','editor':'goland',"
                + "'_geoloc':{'lat':48.9000,'lng':2.4000}},"
                + "{'objectID':'4','title':'designer','company':'Acme','editor':'emacs',"
                + "'_geoloc':{'lat':49.5000,'lng':3.0000}}]}}}"));
    }

    private Reply search(String body) {
        return client.post("/1/indexes/jobs/query", jq(body));
    }

    @Test
    void camelCaseSynonymTypesSaveReadBackAndApply() {
        assertThat(client.put(
                                "/1/indexes/jobs/synonyms/one",
                                jq("{'type':'oneWaySynonym','input':'coder','synonyms':['engineer']}"))
                        .status())
                .isEqualTo(200);
        assertThat(client.put(
                                "/1/indexes/jobs/synonyms/alt",
                                jq("{'type':'altCorrection1','word':'artist','corrections':['designer']}"))
                        .status())
                .isEqualTo(200);
        assertThat(client.put(
                                "/1/indexes/jobs/synonyms/alt2",
                                jq("{'type':'altCorrection2','word':'painter','corrections':['designer']}"))
                        .status())
                .isEqualTo(200);
        assertThat(client.get("/1/indexes/jobs/synonyms/one").body().get("type").stringValue())
                .isEqualTo("oneWaySynonym");
        assertThat(client.get("/1/indexes/jobs/synonyms/alt2")
                        .body()
                        .get("type")
                        .stringValue())
                .isEqualTo("altCorrection2");
        assertThat(search("{'query':'coder'}").hitIds()).containsExactlyInAnyOrder("1", "2", "3");
        Reply corrected = search("{'query':'painter','getRankingInfo':true}");
        assertThat(corrected.hitIds()).containsExactly("4");
        assertThat(corrected
                        .body()
                        .get("hits")
                        .get(0)
                        .get("_rankingInfo")
                        .get("nbTypos")
                        .asInt())
                .as("an altCorrection2 counts as two typos")
                .isEqualTo(2);
        assertThat(search("{'query':'artist'}").hitIds()).containsExactly("4");
        Reply byType = client.post("/1/indexes/jobs/synonyms/search", jq("{'type':'altcorrection1'}"));
        assertThat(byType.body().get("nbHits").asInt())
                .as("a type filter matches either spelling")
                .isEqualTo(1);
        assertThat(client.put(
                                "/1/indexes/jobs/synonyms/lower",
                                jq("{'type':'onewaysynonym','input':'dev','synonyms':['engineer']}"))
                        .status())
                .isEqualTo(200);
        assertThat(search("{'query':'dev'}").hitIds()).hasSize(3);
    }

    @Test
    void facetEntriesInMultiIndexSearchAnswerLikeAFacetSearch() {
        Reply reply = client.post(
                "/1/indexes/*/queries",
                jq("{'strategy':'stopIfEnoughMatches','requests':["
                        + "{'indexName':'jobs','type':'facet','facet':'company','facetQuery':'a','maxFacetHits':5},"
                        + "{'indexName':'jobs','query':'engineer','hitsPerPage':2},"
                        + "{'indexName':'jobs','query':'designer'},"
                        + "{'indexName':'jobs','type':'facet','facet':'company','params':'query=engineer'}]}"));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        JsonNode results = reply.body().get("results");
        assertThat(results).hasSize(4);
        assertThat(values(results.get(0))).containsExactlyInAnyOrder("Amazon", "Apple", "Acme");
        assertThat(results.get(0).get("exhaustiveFacetsCount").asBoolean()).isTrue();
        assertThat(results.get(0).get("index").stringValue()).isEqualTo("jobs");
        assertThat(results.get(1).get("nbHits").asInt()).isEqualTo(3);
        assertThat(results.get(2).get("processed").asBoolean())
                .as("enough matches: the default entry is skipped")
                .isFalse();
        assertThat(values(results.get(3)))
                .as("a facet entry still runs, narrowed by its search parameters")
                .containsExactlyInAnyOrder("Google", "Amazon", "Apple");
        assertThat(client.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'jobs','type':'facet'}]}"))
                        .status())
                .as("facet missing")
                .isEqualTo(400);
        assertThat(client.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'jobs','type':'other'}]}"))
                        .status())
                .isEqualTo(400);
    }

    private static List<String> values(JsonNode result) {
        List<String> values = new ArrayList<>();
        result.get("facetHits").forEach(hit -> values.add(hit.get("value").stringValue()));
        return values;
    }

    @Test
    void nestedFilterArraysAreOrGroupsWithDeeperLevelsFlattened() {
        Reply reply = client.post(
                "/1/indexes/jobs/query",
                "{\"facetFilters\":[\"editor:'visual studio'\",[\"editor:neovim\",[\"editor:goland\"]]]}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.hitIds()).isEmpty();
        assertThat(search("{'facetFilters':[['editor:neovim',['editor:goland',['editor:emacs']]]]}")
                        .hitIds())
                .containsExactlyInAnyOrder("2", "3", "4");
        assertThat(search("{'facetFilters':[['company:Google',['company:Amazon']],'editor:neovim']}")
                        .hitIds())
                .containsExactly("2");
        assertThat(search("{'tagFilters':[['a',['b']]],'numericFilters':[['x>1',['x<0']]],'query':''}")
                        .status())
                .isEqualTo(200);
        assertThat(search("{'query':'engineer','optionalFilters':[['company:Apple',['company:Amazon<score=2>']]],"
                                + "'getRankingInfo':true}")
                        .hitIds()
                        .get(0))
                .isEqualTo("2");
    }

    @Test
    void scoresInFiltersRankTheHits() {
        String filters = "(company:Google<score=3> OR company:Amazon<score=2> OR company:Apple)";
        Reply ranked = search("{'filters':'" + filters + "','getRankingInfo':true}");
        assertThat(ranked.status()).as(ranked.toString()).isEqualTo(200);
        assertThat(ranked.hitIds()).containsExactly("1", "2", "3");
        assertThat(ranked.body()
                        .get("hits")
                        .get(0)
                        .get("_rankingInfo")
                        .get("filters")
                        .asInt())
                .isEqualTo(3);
        Reply summed = search("{'filters':'(company:Google<score=3> OR editor:neovim<score=5>) AND "
                + "(company:Amazon<score=2> OR title:engineer<score=1>)','sumOrFiltersScores':true,"
                + "'getRankingInfo':true}");
        assertThat(summed.hitIds()).containsExactly("2");
        assertThat(summed.body()
                        .get("hits")
                        .get(0)
                        .get("_rankingInfo")
                        .get("filters")
                        .asInt())
                .as("each scored OR group adds its score: neovim 5, Amazon 2")
                .isEqualTo(7);
        Reply sum = search("{'filters':'company:Google<score=1> OR company:Amazon<score=2> OR "
                + "editor:neovim<score=4>','sumOrFiltersScores':true,'getRankingInfo':true}");
        assertThat(sum.hitIds()).containsExactly("2", "1");
        assertThat(sum.body()
                        .get("hits")
                        .get(0)
                        .get("_rankingInfo")
                        .get("filters")
                        .asInt())
                .as("company:Amazon and editor:neovim add up")
                .isEqualTo(6);
        Reply best = search("{'filters':'company:Google<score=1> OR company:Amazon<score=2> OR "
                + "editor:neovim<score=4>','getRankingInfo':true}");
        assertThat(best.body()
                        .get("hits")
                        .get(0)
                        .get("_rankingInfo")
                        .get("filters")
                        .asInt())
                .as("without sumOrFiltersScores the best member counts")
                .isEqualTo(4);
        assertThat(search("{'filters':'price<10<score=2>'}").status()).isEqualTo(400);
        assertThat(search("{'filters':'company:Google<score=x>'}").status()).isEqualTo(400);
    }

    @Test
    void aroundPrecisionTakesRanges() {
        Reply reply = search("{'aroundLatLng':'48.8566,2.3522','getRankingInfo':true,"
                + "'aroundPrecision':[{'from':0,'value':25},{'from':2000,'value':1000}]}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.hitIds()).containsExactly("1", "2", "3", "4");
        List<Integer> precisions = new ArrayList<>();
        reply.body()
                .get("hits")
                .forEach(hit -> precisions.add(
                        hit.get("_rankingInfo").get("geoPrecision").asInt()));
        assertThat(precisions).containsExactly(25, 25, 1000, 1000);
        Reply wide = search("{'aroundLatLng':'48.8566,2.3522','aroundPrecision':[{'from':0,'value':100000}],"
                + "'query':'engineer','getRankingInfo':true}");
        assertThat(wide.status()).isEqualTo(200);
        assertThat(search("{'aroundLatLng':'48.8566,2.3522','aroundPrecision':[{'from':0}]}")
                        .status())
                .isEqualTo(400);
        assertThat(search("{'aroundLatLng':'48.8566,2.3522','aroundPrecision':50}")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void ruleValidityMayGiveOneEndOrNone() {
        long now = System.currentTimeMillis() / 1000;
        assertThat(saveRule("started", "{'from':" + (now - 3600) + "}")).isEqualTo(200);
        assertThat(saveRule("ended", "{'until':" + (now - 3600) + "}")).isEqualTo(200);
        assertThat(saveRule("future", "{'from':" + (now + 86_400) + "}")).isEqualTo(200);
        assertThat(saveRule("open", "{'until':" + (now + 86_400) + "}")).isEqualTo(200);
        assertThat(saveRule("always", "{}")).isEqualTo(200);
        assertThat(client.get("/1/indexes/jobs/rules/started")
                        .body()
                        .get("validity")
                        .get(0)
                        .has("until"))
                .isFalse();
        List<String> applied = new ArrayList<>();
        search("{'query':'engineer'}")
                .body()
                .get("appliedRules")
                .forEach(r -> applied.add(r.get("objectID").stringValue()));
        assertThat(applied).containsExactlyInAnyOrder("started", "open", "always");
    }

    private int saveRule(String id, String range) {
        return client.put(
                        "/1/indexes/jobs/rules/" + id,
                        jq("{'objectID':'" + id + "','conditions':[{'pattern':'engineer','anchoring':'contains'}],"
                                + "'consequence':{'userData':{'rule':'" + id + "'}},'validity':[" + range + "]}"))
                .status();
    }
}
