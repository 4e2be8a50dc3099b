package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ObjectNode;

/**
 * One request's work is bounded: a long query is refused before it is expanded, and a deeply nested filter is
 * refused before it exhausts the parser's stack, wherever filters are read (search, browse, delete by query).
 * The refusals' messages are the checks (the length is checked where the query is first read, the depth as the
 * parser enters each level); the timeout only guards against a hang.
 */
@Timeout(60)
class EngineBoundsTest {

    private final Fixture fixture = new Fixture()
            .settings("{'attributesForFaceting':['company']}")
            .records(
                    "{'objectID':'1','t':'red shoe','company':'Google'}",
                    "{'objectID':'2','t':'blue shoe','company':'Amazon'}");

    private static ObjectNode request(String query) {
        ObjectNode request = Fixture.JSON.createObjectNode();
        request.put("query", query);
        return request;
    }

    private ObjectNode search(ObjectNode request) {
        return fixture.engine.search(fixture.data, fixture.config(), request, SearchContext.unrestricted("test"));
    }

    @Test
    void aQueryOfAtMost512CharactersIsAnswered() {
        ObjectNode result = search(request("shoe " + "x".repeat(507)));
        assertThat(result.get("nbHits").asInt()).isZero();
        assertThat(search(request("shoe ".repeat(100))).get("nbHits").asInt()).isEqualTo(2);
    }

    @Test
    void aLongWordIsRefusedQuickly() {
        assertThatThrownBy(() -> search(request("a".repeat(10_000))))
                .isInstanceOfSatisfying(
                        EngineException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("query: too long");
    }

    @Test
    void manyWordsAreRefusedQuickly() {
        assertThatThrownBy(() -> search(request("shoe ".repeat(2_000))))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("at most 512");
    }

    @Test
    void wordsLongerThan64CharactersMatchWithoutTypos() {
        String word = "abcdefghij".repeat(10);
        fixture.records(
                "{'objectID':'long','t':'" + word + "'}", "{'objectID':'mid','t':'" + word.substring(0, 60) + "'}");
        assertThat(fixture.ids("{'query':'" + word + "'}")).containsExactly("long");
        assertThat(fixture.ids("{'query':'" + word.substring(0, 99) + "x'}"))
                .as("one typo in a 100-character word")
                .isEmpty();
        assertThat(fixture.ids("{'queryType':'prefixNone','query':'" + word.substring(0, 59) + "x'}"))
                .as("a 60-character word still tolerates typos")
                .containsExactly("mid");
    }

    @Test
    void aLongFacetQueryIsRefused() {
        ObjectNode request = request("");
        request.put("facetQuery", "google ".repeat(2_000));
        assertThatThrownBy(() -> fixture.engine.searchForFacetValues(
                        fixture.data,
                        new IndexConfig(
                                Fixture.json("{'attributesForFaceting':['searchable(company)']}"),
                                fixture.synonyms,
                                fixture.rules),
                        "company",
                        request,
                        SearchContext.unrestricted("test")))
                .hasMessageContaining("facetQuery: too long");
    }

    @Test
    void deeplyNestedParenthesesAreRefused() {
        String filters = "(".repeat(2_000) + "company:Google" + ")".repeat(2_000);
        assertRefusedAsTooDeep(filters);
    }

    @Test
    void manyNotsAreRefused() {
        assertRefusedAsTooDeep("NOT ".repeat(8_000) + "company:Google");
    }

    @Test
    void nestingUpToTheBoundIsAnswered() {
        String filters = "(".repeat(32) + "company:Google" + ")".repeat(32);
        ObjectNode request = request("");
        request.put("filters", filters);
        assertThat(search(request).get("nbHits").asInt()).isEqualTo(1);
        request.put("filters", "NOT NOT company:Google");
        assertThat(search(request).get("nbHits").asInt()).isEqualTo(1);
    }

    @Test
    void tooManyFiltersAreRefused() {
        ObjectNode request = request("");
        request.put("filters", "company:Google OR ".repeat(1_500) + "company:Amazon");
        assertThatThrownBy(() -> search(request)).hasMessageContaining("too many filters");
    }

    @Test
    void deepFiltersAreRefusedByBrowseAndDeleteByQuery() {
        String filters = "(".repeat(2_000) + "company:Google" + ")".repeat(2_000);
        ObjectNode request = request("");
        request.put("filters", filters);
        assertThatThrownBy(() -> fixture.engine.browsePage(
                        fixture.data, fixture.config(), request, SearchContext.unrestricted("test")))
                .hasMessageContaining("too deeply nested");
        assertThatThrownBy(() -> fixture.engine.matchingObjectIDs(fixture.data, fixture.config(), request))
                .hasMessageContaining("too deeply nested");
    }

    @Test
    void deeplyNestedFacetFilterArraysAreRefused() {
        String nested = "[".repeat(100) + "\"company:Google\"" + "]".repeat(100);
        ObjectNode request = request("");
        request.set("facetFilters", Fixture.JSON.readTree(nested));
        assertThatThrownBy(() -> search(request)).hasMessageContaining("too deeply nested");
    }

    private void assertRefusedAsTooDeep(String filters) {
        ObjectNode request = request("");
        request.put("filters", filters);
        assertThatThrownBy(() -> search(request))
                .isInstanceOfSatisfying(
                        EngineException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessage("filters: too deeply nested (at most 64 levels of parentheses and NOT)");
    }
}
