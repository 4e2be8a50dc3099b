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
 * Rules with {@code {facet:attr}} placeholders and {@code automaticFacetFilters}, saved and applied over HTTP:
 * the recognised brand filters the search and leaves the query.
 */
class FacetRulesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        // Only name is searchable: a brand word left in the query would match no record.
        server.seed(jq("{'indices':{'shop':{'settings':{'searchableAttributes':['name'],"
                + "'attributesForFaceting':['brand','searchable(color)']},'records':["
                + "{'objectID':'1','name':'phone x','brand':'Apple','color':'black','material':'steel'},"
                + "{'objectID':'2','name':'phone s','brand':'Samsung','color':'white','material':'glass'},"
                + "{'objectID':'3','name':'phone case','brand':'Acme Corp','color':'black','material':'steel'},"
                + "{'objectID':'4','name':'cheap phone','brand':'Acme','color':'red'},"
                + "{'objectID':'5','name':'tablet','brand':'Apple','color':'white'}]}}}"));
    }

    private Reply search(String body) {
        return client.post("/1/indexes/shop/query", jq(body)).requireOk();
    }

    private Reply query(String query) {
        return search("{'query':'" + query + "'}");
    }

    private void saveRule(String id, String pattern, String anchoring, String automaticFacetFilters) {
        client.put(
                        "/1/indexes/shop/rules/" + id,
                        jq("{'objectID':'" + id + "','conditions':[{'pattern':'"
                                + pattern + "','anchoring':'" + anchoring
                                + "'}],'consequence':{'params':{'automaticFacetFilters':"
                                + automaticFacetFilters + "}}}"))
                .requireOk();
    }

    private static boolean applied(Reply reply, String ruleId) {
        for (var rule : reply.body().path("appliedRules")) {
            if (rule.path("objectID").stringValue().equals(ruleId)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void theRecognisedBrandFiltersTheSearchAndLeavesTheQuery() {
        assertThat(query("apple phone").hitIds())
                .as("without the rule no name holds apple")
                .isEmpty();
        saveRule("brand", "{facet:brand}", "contains", "['brand']");
        Reply reply = query("apple phone");
        assertThat(reply.hitIds()).containsExactly("1");
        assertThat(reply.body().get("parsed_query").stringValue()).isEqualTo("phone");
        assertThat(reply.body().get("query").stringValue())
                .as("the query as sent")
                .isEqualTo("apple phone");
        assertThat(applied(reply, "brand")).isTrue();
        assertThat(query("APPLE").hitIds()).as("the whole query was the brand").containsExactlyInAnyOrder("1", "5");
        Reply noBrand = query("phone");
        assertThat(noBrand.hitIds()).containsExactlyInAnyOrder("1", "2", "3", "4");
        assertThat(noBrand.body().has("appliedRules"))
                .as("no brand in the query: the rule does not apply")
                .isFalse();
    }

    @Test
    void automaticFiltersAreAndedWithTheRequestsFilters() {
        saveRule("brand", "{facet:brand}", "contains", "['brand']");
        assertThat(search("{'query':'apple phone','facetFilters':['color:black']}")
                        .hitIds())
                .containsExactly("1");
        assertThat(search("{'query':'apple phone','filters':'color:white'}").hitIds())
                .isEmpty();
    }

    @Test
    void aMultiWordValueConsumesSeveralQueryWords() {
        saveRule("brand", "{facet:brand}", "contains", "['brand']");
        Reply reply = query("acme corp phone");
        assertThat(reply.hitIds()).as("the longest value wins over Acme").containsExactly("3");
        assertThat(reply.body().get("parsed_query").stringValue()).isEqualTo("phone");
        assertThat(query("phone acme").hitIds()).containsExactly("4");
    }

    @Test
    void placeholdersMixWithWordsAndFollowAnchoring() {
        saveRule("is", "{facet:brand}", "is", "['brand']");
        assertThat(query("apple").hitIds()).containsExactlyInAnyOrder("1", "5");
        Reply longer = query("apple phone");
        assertThat(applied(longer, "is"))
                .as("'is' needs the whole query to be the brand")
                .isFalse();
        assertThat(longer.hitIds()).isEmpty();
        client.post("/1/indexes/shop/rules/clear", null);
        saveRule("cheap", "cheap {facet:brand}", "startsWith", "['brand']");
        Reply cheap = query("cheap acme phone");
        assertThat(cheap.hitIds()).containsExactly("4");
        assertThat(cheap.body().get("parsed_query").stringValue())
                .as("only the brand's words leave")
                .isEqualTo("cheap phone");
        assertThat(applied(query("phone cheap acme"), "cheap")).as("startsWith").isFalse();
        client.post("/1/indexes/shop/rules/clear", null);
        saveRule("ends", "{facet:brand} phone", "endsWith", "['brand']");
        assertThat(query("new samsung phone").body().get("parsed_query").stringValue())
                .isEqualTo("new phone");
        assertThat(applied(query("samsung phone case"), "ends")).isFalse();
    }

    @Test
    void severalValuesOfOneFacetAreAndedOrOredByDisjunctive() {
        saveRule("and", "{facet:brand}", "contains", "['brand']");
        assertThat(query("apple samsung phone").hitIds())
                .as("no record is both Apple and Samsung")
                .isEmpty();
        client.post("/1/indexes/shop/rules/clear", null);
        saveRule("or", "{facet:brand}", "contains", "[{'facet':'brand','disjunctive':true,'score':1}]");
        Reply reply = query("apple samsung phone");
        assertThat(reply.hitIds()).containsExactlyInAnyOrder("1", "2");
        assertThat(reply.body().get("parsed_query").stringValue()).isEqualTo("phone");
    }

    @Test
    void aNegativeFilterExcludesTheRecognisedValue() {
        saveRule("not", "{facet:brand}", "contains", "[{'facet':'brand','negative':true}]");
        assertThat(query("apple phone").hitIds()).containsExactlyInAnyOrder("2", "3", "4");
    }

    @Test
    void aListedFacetThatNoPlaceholderRecognisedAddsNothing() {
        saveRule("brand", "{facet:brand}", "contains", "['color','brand']");
        assertThat(query("apple phone").hitIds()).containsExactly("1");
        client.post("/1/indexes/shop/rules/clear", null);
        saveRule("color", "{facet:color}", "contains", "['brand']");
        Reply reply = query("black phone");
        assertThat(applied(reply, "color")).isTrue();
        assertThat(reply.body().get("parsed_query").stringValue())
                .as("color is not filtered: its word stays")
                .isEqualTo("black phone");
        assertThat(reply.hitIds()).isEmpty();
    }

    @Test
    void anAttributeThatIsNotAFacetNeverMatches() {
        saveRule("material", "{facet:material}", "contains", "['material']");
        Reply reply = query("steel phone");
        assertThat(applied(reply, "material")).isFalse();
        assertThat(reply.body().get("parsed_query").stringValue()).isEqualTo("steel phone");
    }

    @Test
    void rulesWithoutPlaceholdersBehaveAsBefore() {
        client.put(
                        "/1/indexes/shop/rules/plain",
                        jq("{'objectID':'plain','conditions':[{'pattern':"
                                + "'phone','anchoring':'contains'}],'consequence':{'params':{'filters':'brand:Samsung',"
                                + "'automaticFacetFilters':['brand']}}}"))
                .requireOk();
        Reply reply = query("phone");
        assertThat(reply.hitIds()).containsExactly("2");
        assertThat(reply.body().get("parsed_query").stringValue()).isEqualTo("phone");
    }

    @Test
    void aQueryEditAppliesToWhatTheBrandLeft() {
        client.put(
                        "/1/indexes/shop/rules/edit",
                        jq("{'objectID':'edit','conditions':[{'pattern':"
                                + "'{facet:brand}','anchoring':'contains'}],'consequence':{'params':{'automaticFacetFilters':"
                                + "['brand'],'query':{'remove':['cheap']}}}}"))
                .requireOk();
        Reply reply = query("cheap acme phone");
        assertThat(reply.hitIds()).containsExactly("4");
        assertThat(reply.body().get("parsed_query").stringValue()).isEqualTo("phone");
    }

    @Test
    void whatTheEngineDoesNotApplyIsStillRefused() {
        assertRefused(
                "{'conditions':[{'pattern':'{facet:brand}','anchoring':'contains'}],'consequence':{'params':"
                        + "{'renderingContent':{}}}}",
                "renderingContent");
        assertRefused("{'conditions':[{'filters':'brand:Apple'}],'consequence':{}}", "filters");
        assertRefused(
                "{'conditions':[{'pattern':'phone','anchoring':'is','alternatives':true}],'consequence':{}}",
                "alternatives");
        assertRefused("{'consequence':{'redirect':{'url':'http://127.0.0.1/'}}}", "redirect");
        assertRefused(
                "{'conditions':[{'pattern':'{facet:brand}','anchoring':'is','unknown':1}],'consequence':{}}",
                "unknown");
        assertRefused("{'conditions':[{'pattern':'{facet:}','anchoring':'is'}],'consequence':{}}", "{facet:attribute}");
        assertRefused(
                "{'conditions':[{'pattern':'{facet:brand','anchoring':'is'}],'consequence':{}}", "{facet:attribute}");
        assertRefused("{'consequence':{'params':{'automaticFacetFilters':'brand'}}}", "automaticFacetFilters");
        assertRefused(
                "{'consequence':{'params':{'automaticFacetFilters':[{'facet':'brand','boost':2}]}}}",
                "automaticFacetFilters");
        assertRefused(
                "{'consequence':{'params':{'automaticFacetFilters':[{'facet':'brand','negative':'yes'}]}}}",
                "automaticFacetFilters");
        assertRefused(
                "{'consequence':{'params':{'automaticOptionalFacetFilters':[{'facet':'brand','score':1.5}]}}}",
                "automaticOptionalFacetFilters");
        assertRefused(
                "{'consequence':{'params':{'automaticOptionalFacetFilters':'brand'}}}",
                "automaticOptionalFacetFilters");
    }

    private void assertRefused(String rule, String messagePart) {
        Reply reply = client.put("/1/indexes/shop/rules/x", jq(rule));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).contains(messagePart);
    }
}
