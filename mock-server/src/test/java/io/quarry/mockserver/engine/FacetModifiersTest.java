package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * attributesForFaceting modifiers are read once, outermost first ({@code afterDistinct(searchable(x))}); what they
 * wrap is the attribute's name as written, even when it looks like a modifier itself.
 */
class FacetModifiersTest {

    private final Fixture fixture = new Fixture()
            .records(
                    "{'objectID':'1','searchable(x)':'red','x':'blue','filterOnly(y)':'big','y':'small'}",
                    "{'objectID':'2','searchable(x)':'red','x':'green','filterOnly(y)':'big','y':'tall'}");

    @Test
    void aNameThatLooksLikeAModifierIsWrappedOnceMore() {
        fixture.settings("{'attributesForFaceting':['searchable(searchable(x))','afterDistinct(filterOnly(y))',"
                + "'afterDistinct(filterOnly(y))','afterDistinct(searchable(filterOnly(y)))']}");
        JsonNode facets = fixture.search("{'facets':['searchable(x)','x','filterOnly(y)','y']}")
                .get("facets");
        assertThat(facets.get("searchable(x)").toString()).isEqualTo("{\"red\":2}");
        assertThat(facets.get("filterOnly(y)").toString()).isEqualTo("{\"big\":2}");
        assertThat(facets.has("x")).as("x is not declared").isFalse();
        assertThat(facets.has("y")).as("y is filter-only").isFalse();
        assertThat(fixture.engine
                        .searchForFacetValues(
                                fixture.data,
                                fixture.config(),
                                "searchable(x)",
                                Fixture.json("{}"),
                                SearchContext.unrestricted("t"))
                        .get("facetHits"))
                .hasSize(1);
        assertThatThrownBy(() -> fixture.engine.searchForFacetValues(
                        fixture.data, fixture.config(), "x", Fixture.json("{}"), SearchContext.unrestricted("t")))
                .isInstanceOf(EngineException.class);
    }

    @Test
    // a hang guard: peeling every layer (2 minutes here) also declared x, which the assertion catches
    @Timeout(60)
    void deeplyNestedModifiersAreReadInOnePass() {
        int depth = 200_000;
        String entry = "searchable(".repeat(depth) + "x" + ")".repeat(depth);
        fixture.settings("{'attributesForFaceting':['" + entry + "']}");
        assertThat(fixture.search("{'facets':['x']}").path("facets").has("x"))
                .as("the name is the inner text, not x")
                .isFalse();
    }
}
