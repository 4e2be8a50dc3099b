package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code optionalFilters} over HTTP: they rank records by their filters score (the {@code filters} criterion)
 * without excluding any, with scores, OR groups, {@code sumOrFiltersScores} and negation; numeric ones are
 * refused; rules add them with {@code automaticOptionalFacetFilters}.
 */
class OptionalFiltersHttpTest {

    private static final String RECORDS = "'records':["
            + "{'objectID':'1','name':'phone x','brand':'Apple','color':'black','price':900},"
            + "{'objectID':'2','name':'phone s','brand':'Samsung','color':'white','price':800},"
            + "{'objectID':'3','name':'phone case','brand':'Acme','color':'black','price':20},"
            + "{'objectID':'4','name':'cheap phone','brand':'Acme','color':'red','price':100},"
            + "{'objectID':'5','name':'tablet','brand':'Apple','color':'white','price':600}]";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        // Only name is searchable, so that a brand word in the query matches no record.
        server.seed(jq("{'indices':{'shop':{'settings':{'searchableAttributes':['name'],"
                + "'attributesForFaceting':['brand','color']}," + RECORDS + "},"
                + "'filtersFirst':{'settings':{'searchableAttributes':['name'],'attributesForFaceting':['brand'],"
                + "'ranking':['filters','typo','geo','words','proximity','attribute','exact','custom']},"
                + RECORDS + "}}}"));
    }

    private Reply search(String index, String body) {
        return client.post("/1/indexes/" + index + "/query", jq(body)).requireOk();
    }

    private Reply search(String body) {
        return search("shop", body);
    }

    private static List<Integer> filterScores(Reply reply) {
        List<Integer> scores = new ArrayList<>();
        reply.body()
                .get("hits")
                .forEach(hit ->
                        scores.add(hit.path("_rankingInfo").path("filters").asInt(-1)));
        return scores;
    }

    @Test
    void anOptionalFilterBoostsTheRecordsMatchingItWithoutExcludingOthers() {
        assertThat(search("{'query':'phone'}").hitIds()).containsExactly("1", "2", "3", "4");
        Reply boosted = search("{'query':'phone','optionalFilters':['brand:Acme'],'getRankingInfo':true}");
        assertThat(boosted.hitIds()).containsExactly("3", "4", "1", "2");
        assertThat(boosted.body().get("nbHits").asInt()).isEqualTo(4);
        assertThat(filterScores(boosted)).containsExactly(1, 1, 0, 0);
        assertThat(search("{'query':'','optionalFilters':'brand:Samsung'}").hitIds())
                .as("the filters criterion also ranks an empty query")
                .containsExactly("2", "1", "3", "4", "5");
    }

    @Test
    void withoutOptionalFiltersTheFiltersScoreIsZero() {
        Reply reply = search("{'query':'phone','getRankingInfo':true}");
        assertThat(filterScores(reply)).containsExactly(0, 0, 0, 0);
    }

    @Test
    void aRecordScoresTheSumOfTheOptionalFiltersItMatches() {
        Reply reply = search("{'query':'phone','getRankingInfo':true,"
                + "'optionalFilters':['brand:Apple<score=3>','color:white','brand:Samsung']}");
        assertThat(reply.hitIds()).as("a score of 3 beats two default filters").containsExactly("1", "2", "3", "4");
        assertThat(filterScores(reply)).containsExactly(3, 2, 0, 0);
        Reply lower = search("{'query':'phone','getRankingInfo':true,"
                + "'optionalFilters':['brand:Apple<score=1>','color:white','brand:Samsung']}");
        assertThat(lower.hitIds()).as("two default filters beat a score of 1").containsExactly("2", "1", "3", "4");
        assertThat(filterScores(lower)).containsExactly(2, 1, 0, 0);
    }

    @Test
    void anOrGroupScoresItsBestMemberOrTheSumWithSumOrFiltersScores() {
        String group = "'optionalFilters':[['color:black<score=3>','brand:Acme<score=2>']]";
        Reply best = search("{'query':'phone','getRankingInfo':true," + group + "}");
        assertThat(best.hitIds()).containsExactly("1", "3", "4", "2");
        assertThat(filterScores(best)).containsExactly(3, 3, 2, 0);
        Reply summed = search("{'query':'phone','getRankingInfo':true,'sumOrFiltersScores':true," + group + "}");
        assertThat(summed.hitIds()).containsExactly("3", "1", "4", "2");
        assertThat(filterScores(summed)).containsExactly(5, 3, 2, 0);
    }

    @Test
    void theStringFormReadsGroupsAndScores() {
        Reply reply = search("{'query':'phone','getRankingInfo':true,"
                + "'optionalFilters':'brand:Samsung<score=2>,(color:red,color:white)'}");
        assertThat(reply.hitIds()).containsExactly("2", "4", "1", "3");
        assertThat(filterScores(reply)).containsExactly(3, 1, 0, 0);
    }

    @Test
    void theParamsStringAndTagFiltersWork() {
        assertThat(search("{'params':'query=phone&optionalFilters=%5B%22brand%3AAcme%3Cscore%3D2%3E%22%5D'}")
                        .hitIds())
                .containsExactly("3", "4", "1", "2");
        client.put("/1/indexes/shop/6", jq("{'name':'phone z','_tags':['promo']}"))
                .requireOk();
        assertThat(search("{'query':'phone','optionalFilters':['_tags:promo']}").hitIds())
                .startsWith("6");
    }

    @Test
    void aNegativeOptionalFilterBoostsTheRecordsWithoutTheValue() {
        Reply reply = search("{'query':'phone','getRankingInfo':true,'optionalFilters':['brand:-Acme<score=2>']}");
        assertThat(reply.hitIds()).containsExactly("1", "2", "3", "4");
        assertThat(filterScores(reply)).containsExactly(2, 2, 0, 0);
        assertThat(search("{'query':'phone','optionalFilters':['brand:-Apple']}")
                        .hitIds())
                .containsExactly("2", "3", "4", "1");
    }

    @Test
    void theFiltersCriterionRanksWhereTheRankingSettingPutsIt() {
        String body = "{'query':'cheap phone','optionalWords':['cheap'],'optionalFilters':['brand:Samsung']}";
        assertThat(search("shop", body).hitIds())
                .as("words before filters by default")
                .startsWith("4", "2");
        assertThat(search("filtersFirst", body).hitIds()).as("filters first").startsWith("2", "4");
    }

    @Test
    void numericOptionalFiltersAreRefused() {
        for (String filters : List.of(
                "['price<100']", "['price:10 TO 200']", "[['brand:Apple','price>=5']]", "'brand:Apple,price=20'")) {
            Reply reply =
                    client.post("/1/indexes/shop/query", jq("{'query':'phone','optionalFilters':" + filters + "}"));
            assertThat(reply.status()).as(filters).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue())
                    .as(filters)
                    .contains("numeric filters are not" + " supported as optional filters");
        }
        Reply badScore = client.post("/1/indexes/shop/query", jq("{'optionalFilters':['brand:Apple<score=x>']}"));
        assertThat(badScore.status()).isEqualTo(400);
        assertThat(badScore.body().get("message").stringValue()).contains("score");
    }

    @Test
    void aRuleWithAutomaticOptionalFacetFiltersBoostsTheRecognisedBrandAndKeepsTheQuery() {
        client.put(
                        "/1/indexes/shop/rules/brand",
                        jq("{'objectID':'brand','conditions':[{'pattern':"
                                + "'{facet:brand}','anchoring':'contains'}],'consequence':{'params':"
                                + "{'automaticOptionalFacetFilters':[{'facet':'brand','score':2}]}}}"))
                .requireOk();
        // brand is not searchable: "samsung" must be optional for the other phones to match.
        Reply reply = search("{'query':'samsung phone','optionalWords':['samsung'],'getRankingInfo':true}");
        assertThat(reply.hitIds()).containsExactly("2", "1", "3", "4");
        assertThat(filterScores(reply)).containsExactly(2, 0, 0, 0);
        assertThat(reply.body().get("parsed_query").stringValue())
                .as("the brand stays in the query")
                .isEqualTo("samsung phone");
        assertThat(reply.body().get("appliedRules").get(0).get("objectID").stringValue())
                .isEqualTo("brand");
    }

    @Test
    void automaticOptionalFacetFiltersAddToTheRequestsAndFormOrGroupsWhenDisjunctive() {
        client.put(
                        "/1/indexes/shop/rules/brand",
                        jq("{'objectID':'brand','conditions':[{'pattern':"
                                + "'{facet:brand}','anchoring':'contains'}],'consequence':{'params':"
                                + "{'automaticOptionalFacetFilters':[{'facet':'brand','disjunctive':true}]}}}"))
                .requireOk();
        Reply reply = search("{'query':'acme samsung phone','optionalWords':['acme','samsung'],'getRankingInfo':true,"
                + "'optionalFilters':['color:red<score=5>']}");
        assertThat(reply.hitIds()).containsExactly("4", "2", "3", "1");
        assertThat(filterScores(reply)).containsExactly(6, 1, 1, 0);
        assertThat(reply.body().get("parsed_query").stringValue()).isEqualTo("acme samsung phone");
    }

    @Test
    void aNegativeAutomaticOptionalFacetFilterBoostsTheOtherBrands() {
        client.put(
                        "/1/indexes/shop/rules/brand",
                        jq("{'objectID':'brand','conditions':[{'pattern':"
                                + "'{facet:brand}','anchoring':'contains'}],'consequence':{'params':"
                                + "{'automaticOptionalFacetFilters':[{'facet':'brand','negative':true}]}}}"))
                .requireOk();
        Reply reply = search("{'query':'apple phone','optionalWords':['apple'],'getRankingInfo':true}");
        assertThat(reply.hitIds()).containsExactly("2", "3", "4", "1");
        assertThat(filterScores(reply)).containsExactly(1, 1, 1, 0);
    }

    @Test
    // a hang guard: the suffix was looked for at every "<score="; 30,000 took 25 s, these 100,000 about 11 times that
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFilterFullOfScoreOpeningsIsReadInLinearTime() {
        String filter = "brand:" + "<score=".repeat(100_000) + "x";
        Reply reply = client.post(
                "/1/indexes/shop/query", "{\"optionalFilters\":[\"" + filter + "\"],\"getRankingInfo\":true}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);

        Reply scored = search("{'optionalFilters':['brand:Acme<score=3>'],'getRankingInfo':true}");
        assertThat(filterScores(scored)).contains(3);
        Reply closingInside = client.post("/1/indexes/shop/query", jq("{'optionalFilters':['brand:A>b<score=x>']}"));
        assertThat(closingInside.status()).as(closingInside.toString()).isEqualTo(400);
    }
}
