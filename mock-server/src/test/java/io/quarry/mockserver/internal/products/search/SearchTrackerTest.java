package io.quarry.mockserver.internal.products.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ObjectNode;

/** The filters a recorded search keeps, from every filter parameter and shape. */
class SearchTrackerTest {

    @Test
    void filtersOfEveryParameterAreKeptAsAttributeOperatorValue() {
        String json = """
                {"filters": "brand:Apple AND (price >= 100 OR 'color name':'dark red')",
                 "facetFilters": ["category:phone", ["size:M", "-size:L"]],
                 "numericFilters": "[\\"stock>0\\"]",
                 "tagFilters": ["promo"]}""";
        assertThat(SearchTracker.filters((ObjectNode) Json.parse(json)))
                .containsExactly(
                        new AppliedFilter("brand", ":", "Apple"),
                        new AppliedFilter("price", ">=", "100"),
                        new AppliedFilter("color name", ":", "dark red"),
                        new AppliedFilter("category", ":", "phone"),
                        new AppliedFilter("size", ":", "M"),
                        new AppliedFilter("size", ":", "L"),
                        new AppliedFilter("stock", ">", "0"),
                        new AppliedFilter("_tags", ":", "promo"));
    }

    @Test
    void awkwardValuesAreKeptAsTheEngineReadsThem() {
        ObjectNode params = Json.object();
        params.put("filters", "brand:\"say \\\"hi\\\"\" OR brand:'it\\'s' OR brand:\"(a, b)\" OR brand:\\-lead");
        params.putArray("facetFilters")
                .add("brand:a,b")
                .addArray()
                .add("brand:two words")
                .add("brand:\\-lead");
        params.putArray("tagFilters").add("\\-new").add("-old");
        assertThat(SearchTracker.filters(params))
                .containsExactly(
                        new AppliedFilter("brand", ":", "say \"hi\""),
                        new AppliedFilter("brand", ":", "it's"),
                        new AppliedFilter("brand", ":", "(a, b)"),
                        new AppliedFilter("brand", ":", "-lead"),
                        new AppliedFilter("brand", ":", "a,b"),
                        new AppliedFilter("brand", ":", "two words"),
                        new AppliedFilter("brand", ":", "-lead"),
                        new AppliedFilter("_tags", ":", "-new"),
                        new AppliedFilter("_tags", ":", "old"));
    }

    @Test
    void tagsRangesAndNegationsAreKeptOnceEachInTheOrderWritten() {
        ObjectNode params = Json.object();
        params.put("filters", "(promo OR NOT brand:a) AND price:10 TO 20.5 AND (stock > 0 OR promo)");
        assertThat(SearchTracker.filters(params))
                .containsExactly(
                        new AppliedFilter("_tags", ":", "promo"),
                        new AppliedFilter("brand", ":", "a"),
                        new AppliedFilter("price", ":", "10 TO 20.5"),
                        new AppliedFilter("stock", ">", "0"),
                        new AppliedFilter("_tags", ":", "promo"));
    }

    /** Read by the engine's own reader: a regular expression took minutes over this one, holding its request. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: any bound catches minutes
    void aLongFilterIsReadInOnePass() {
        ObjectNode params = Json.object();
        params.put("filters", "a".repeat(200_000));
        assertThat(SearchTracker.filters(params)).containsExactly(new AppliedFilter("_tags", ":", "a".repeat(200_000)));
    }

    @Test
    void noFiltersGiveNone() {
        assertThat(SearchTracker.filters((ObjectNode) Json.parse("{\"query\":\"x\"}")))
                .isEmpty();
    }
}
