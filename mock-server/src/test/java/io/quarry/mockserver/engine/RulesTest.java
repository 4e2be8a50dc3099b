package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class RulesTest {

    private Fixture fixture() {
        return new Fixture()
                .settings("{'attributesForFaceting':['brand']}")
                .records(
                        "{'objectID':'1','t':'cheap phone','brand':'acme'}",
                        "{'objectID':'2','t':'phone case','brand':'zeta'}",
                        "{'objectID':'3','t':'premium phone','brand':'acme'}",
                        "{'objectID':'4','t':'tablet','brand':'zeta'}");
    }

    @Test
    void patternConditionsApplyParamsAndUserData() {
        Fixture f = fixture()
                .rule("{'objectID':'r1','conditions':[{'pattern':'phone','anchoring':'contains'}],"
                        + "'consequence':{'params':{'filters':'brand:acme'},'userData':{'banner':'phones'}}}");
        ObjectNode response = f.search("{'query':'phone'}");
        assertThat(response.get("hits"))
                .extracting(h -> h.get("objectID").asString())
                .containsExactly("1", "3");
        assertThat(response.get("userData").get(0).get("banner").asString()).isEqualTo("phones");
        assertThat(response.get("appliedRules").get(0).get("objectID").asString())
                .isEqualTo("r1");
        assertThat(response.get("params").asString()).isEqualTo("query=phone");
        assertThat(f.ids("{'query':'tablet'}")).containsExactly("4");
        assertThat(f.ids("{'query':'phone','enableRules':false}")).hasSize(3);
    }

    @Test
    void anchoringContextsAndDisabledRules() {
        Fixture f = fixture()
                .rule("{'objectID':'is','conditions':[{'pattern':'case','anchoring':'is'}],"
                        + "'consequence':{'hide':[{'objectID':'2'}]}}")
                .rule("{'objectID':'ctx','conditions':[{'context':'mobile'}],"
                        + "'consequence':{'params':{'filters':'brand:zeta'}}}")
                .rule("{'objectID':'off','enabled':false,'conditions':[{'pattern':'tablet','anchoring':'is'}],"
                        + "'consequence':{'hide':[{'objectID':'4'}]}}");
        assertThat(f.ids("{'query':'case'}")).isEmpty();
        assertThat(f.ids("{'query':'phone case'}")).containsExactly("2");
        assertThat(f.ids("{'query':'','ruleContexts':['mobile']}")).containsExactly("2", "4");
        assertThat(f.ids("{'query':'tablet'}")).containsExactly("4");
    }

    @Test
    void promotesHidesAndEditsTheQuery() {
        Fixture f = fixture()
                .rule("{'objectID':'p','conditions':[{'pattern':'phone','anchoring':'startsWith'}],"
                        + "'consequence':{'promote':[{'objectID':'3','position':0},{'objectIDs':['4'],'position':1}],"
                        + "'hide':[{'objectID':'1'}]}}")
                .rule("{'objectID':'q','conditions':[{'pattern':'cheap','anchoring':'endsWith'}],"
                        + "'consequence':{'params':{'query':{'remove':['cheap']}}}}");
        assertThat(f.ids("{'query':'phone'}")).containsExactly("3", "4", "2");
        assertThat(f.search("{'query':'phone'}").get("nbHits").asInt()).isEqualTo(3);
        assertThat(f.ids("{'query':'tablet cheap'}")).containsExactly("4");
        ObjectNode edited = f.search("{'query':'tablet cheap'}");
        assertThat(edited.get("query").asString()).isEqualTo("tablet cheap");
        assertThat(edited.get("parsed_query").asString()).isEqualTo("tablet");
    }

    @Test
    void facetPlaceholdersReadFilterOnlyFacetsAndWordsJoinedByPunctuation() {
        Fixture f = new Fixture()
                .settings("{'attributesForFaceting':['filterOnly(brand)'],'searchableAttributes':['t']}")
                .records(
                        "{'objectID':'1','t':'phone','brand':'Acme Corp'}",
                        "{'objectID':'2','t':'phone','brand':'Zeta'}",
                        "{'objectID':'3','t':'phone','brand':'Acme'}")
                .rule("{'objectID':'b','conditions':[{'pattern':'{facet:brand}','anchoring':'contains'}],"
                        + "'consequence':{'params':{'automaticFacetFilters':['brand']}}}");
        ObjectNode response = f.search("{'query':'Acme-Corp phone','advancedSyntax':true}");
        assertThat(response.get("hits"))
                .extracting(h -> h.get("objectID").asString())
                .containsExactly("1");
        assertThat(response.get("parsed_query").asString()).isEqualTo("phone");
        assertThat(response.get("params").asString())
                .as("the request's parameters only")
                .doesNotContain("brand");
        assertThat(f.ids("{'query':'zeta phone','enableRules':false}")).isEmpty();
        assertThat(f.ids("{'query':'zeta phone'}")).containsExactly("2");
    }
}
