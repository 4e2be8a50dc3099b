package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A rule's consequence {@code params} are checked when the rule is saved, as a search applying it reads them: a
 * parameter no search knows, or a value no search takes, is a 400 naming it, and a rule saved never makes a search
 * it meets fail. Seeded random params of every JSON type; run another start with
 * {@code -Dquarry.rule.params.seed=S} and more rounds with {@code -Dquarry.rule.params.rounds=N}.
 */
class RuleParamsCheckedAtSaveHttpTest {

    private static final long SEED = Long.getLong("quarry.rule.params.seed", 20261129L);
    private static final int ROUNDS = Integer.getInteger("quarry.rule.params.rounds", 60);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final List<String> NAMES = List.of(
            "hitsPerPage",
            "page",
            "getRankingInfo",
            "filters",
            "facetFilters",
            "numericFilters",
            "optionalFilters",
            "typoTolerance",
            "minWordSizefor1Typo",
            "minWordSizefor2Typos",
            "queryType",
            "distinct",
            "removeWordsIfNoResults",
            "aroundLatLng",
            "aroundRadius",
            "insideBoundingBox",
            "maxValuesPerFacet",
            "facets",
            "ignorePlurals",
            "enableRules",
            "offset",
            "length",
            "paginationLimitedTo",
            "advancedSyntaxFeatures",
            "hitsPerPag",
            "params",
            "");
    private static final List<JsonNode> VALUES = List.of(
            JSON.numberNode(0),
            JSON.numberNode(5),
            JSON.numberNode(-3),
            JSON.numberNode(2.5),
            JSON.numberNode(5000),
            JSON.numberNode(1e300),
            JSON.booleanNode(true),
            JSON.nullNode(),
            JSON.stringNode(""),
            JSON.stringNode("7"),
            JSON.stringNode("brand:acme"),
            JSON.stringNode("price > 10"),
            JSON.stringNode("(("),
            JSON.stringNode("48.8,2.3"),
            JSON.stringNode("all"),
            JSON.stringNode("strict"),
            JSON.stringNode("prefixAll"),
            JSON.stringNode("lastWords"),
            JSON.arrayNode().add("brand:acme"),
            JSON.arrayNode().add(JSON.arrayNode().add("brand:acme").add("brand:zeta")),
            JSON.arrayNode().add(1).add(2).add(3).add(4),
            JSON.objectNode().put("a", 1));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void records() {
        client.put("/1/indexes/shop/settings", jq("{'attributesForFaceting':['brand']}"))
                .requireOk();
        client.put("/1/indexes/shop/o1", jq("{'name':'red phone','brand':'acme','price':12}"))
                .requireOk();
    }

    private Reply save(String index, ObjectNode params) {
        ObjectNode rule = JSON.objectNode();
        rule.putArray("conditions").addObject().put("pattern", "phone").put("anchoring", "contains");
        rule.putObject("consequence").set("params", params);
        return client.put("/1/indexes/" + index + "/rules/r", rule.toString());
    }

    @Test
    void aParameterNoSearchKnowsIsRefusedNamingIt() {
        Reply saved = save("shop", (ObjectNode) TestClient.json(jq("{'hitsPerPag':5}")));
        assertThat(saved.status()).isEqualTo(400);
        assertThat(saved.body().path("message").asString()).contains("consequence.params", "hitsPerPag");
    }

    @Test
    void aValueNoSearchTakesIsRefusedNamingTheParameter() {
        for (String params : List.of(
                "{'hitsPerPage':'many'}",
                "{'hitsPerPage':5000}",
                "{'typoTolerance':'sometimes'}",
                "{'getRankingInfo':'maybe'}",
                "{'minWordSizefor1Typo':-1}",
                "{'filters':'(('}",
                "{'aroundLatLng':'north'}")) {
            Reply saved = save("shop", (ObjectNode) TestClient.json(jq(params)));
            String name = params.substring(2, params.indexOf('\'', 2));
            assertThat(saved.status()).as(params).isEqualTo(400);
            assertThat(saved.body().path("message").asString()).as(params).contains("consequence.params", name);
        }
        client.post("/1/indexes/shop/query", jq("{'query':'phone'}")).requireOk();
    }

    @Test
    void parametersASearchTakesAreSavedAndApplied() {
        save("shop", (ObjectNode)
                        TestClient.json(jq("{'hitsPerPage':'1','filters':'brand:zeta','getRankingInfo':true}")))
                .requireOk();
        Reply search =
                client.post("/1/indexes/shop/query", jq("{'query':'phone'}")).requireOk();
        assertThat(search.body().path("hitsPerPage").asInt()).isEqualTo(1);
        assertThat(search.hitIds()).isEmpty();
    }

    @Test
    void noRandomParamsSavedMakeASearchMeetingTheRuleFail() {
        for (int round = 0; round < ROUNDS; round++) {
            Random random = new Random(SEED + round);
            ObjectNode params = JSON.objectNode();
            for (int n = 1 + random.nextInt(3); n > 0; n--) {
                params.set(NAMES.get(random.nextInt(NAMES.size())), VALUES.get(random.nextInt(VALUES.size())));
            }
            Reply saved = save("shop", params);
            String why = "seed " + (SEED + round) + ": params " + params + " gave " + saved;
            assertThat(saved.status()).as(why).isIn(200, 400);
            if (saved.status() == 400) {
                assertThat(saved.body().path("message").asString()).as(why).contains("consequence.params");
                continue;
            }
            Reply search = client.post("/1/indexes/shop/query", jq("{'query':'red phone'}"));
            assertThat(search.status()).as(why + ", then the search " + search).isEqualTo(200);
            assertThat(search.body().path("appliedRules").toString()).as(why).contains("\"r\"");
        }
    }
}
