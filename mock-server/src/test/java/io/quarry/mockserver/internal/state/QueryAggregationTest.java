package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The keystroke rule analytics and query suggestions share: only the last query of a typed series counts. */
class QueryAggregationTest {

    private final List<TrackedSearch> searches = new ArrayList<>();

    private void search(long atMillis, String index, String query, String userToken, String ip) {
        searches.add(new TrackedSearch(
                atMillis, index, query, 1, List.of(), List.of(), userToken, ip, null, List.of(), 0, 20));
    }

    private void search(long atMillis, String query, String userToken) {
        search(atMillis, "items", query, userToken, "10.0.0.1");
    }

    private List<String> finalQueries() {
        return QueryAggregation.finalQueries(searches).stream()
                .map(s -> s.query() + "@" + s.timestamp())
                .toList();
    }

    @Test
    void aSeriesOfKeystrokesCountsAsItsLastQuery() {
        search(0, "s", "u");
        search(300, "sh", "u");
        search(600, "sho", "u");
        search(900, "shoe", "u");

        assertThat(finalQueries()).containsExactly("shoe@900");
    }

    @Test
    void caseAndRunsOfSpacesDoNotBreakASeriesButATypedSpaceExtendsIt() {
        search(0, "Hik", "u");
        search(100, "hiking", "u");
        search(200, "hiking ", "u");
        search(300, "hiking  b", "u");
        search(400, "  Hiking Boots", "u");

        assertThat(finalQueries()).containsExactly("  Hiking Boots@400");
    }

    @Test
    void aLongerQueryAfterTheWindowOrNotStartingWithTheQueryStartsANewSeries() {
        search(0, "sho", "u");
        search(QueryAggregation.WINDOW_MILLIS + 1, "shoe", "u");
        search(QueryAggregation.WINDOW_MILLIS + 2, "hat", "u");
        search(QueryAggregation.WINDOW_MILLIS + 3, "hat", "u");
        search(QueryAggregation.WINDOW_MILLIS + 4, "ha", "u");

        assertThat(finalQueries())
                .containsExactly(
                        "sho@0",
                        "shoe@" + (QueryAggregation.WINDOW_MILLIS + 1),
                        "hat@" + (QueryAggregation.WINDOW_MILLIS + 2),
                        "hat@" + (QueryAggregation.WINDOW_MILLIS + 3),
                        "ha@" + (QueryAggregation.WINDOW_MILLIS + 4));
    }

    @Test
    void theWindowEndIsStillASeries() {
        search(0, "sho", "u");
        search(QueryAggregation.WINDOW_MILLIS, "shoe", "u");

        assertThat(finalQueries()).containsExactly("shoe@" + QueryAggregation.WINDOW_MILLIS);
    }

    @Test
    void seriesAreTrackedPerUserTokenElseAddressAndPerIndex() {
        search(0, "items", "sho", "a", "10.0.0.1");
        search(100, "items", "shoe", "b", "10.0.0.1"); // another user token
        search(200, "items", "sh", null, "10.0.0.2");
        search(300, "items", "sho", null, "10.0.0.3"); // another address
        search(400, "other", "shoes", "a", "10.0.0.1"); // another index
        search(500, "items", "shoe", null, "10.0.0.2"); // extends 10.0.0.2's "sh", another user between

        assertThat(finalQueries()).containsExactly("sho@0", "shoe@100", "sho@300", "shoes@400", "shoe@500");
    }

    @Test
    void onlyTheUsersPreviousSearchIsCompared() {
        search(0, "sho", "u");
        search(100, "hat", "u");
        search(200, "shoe", "u");

        assertThat(finalQueries()).containsExactly("sho@0", "hat@100", "shoe@200");
    }
}
