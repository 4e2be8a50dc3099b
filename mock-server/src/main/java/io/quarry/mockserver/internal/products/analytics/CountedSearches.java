package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.state.QueryAggregation;
import io.quarry.mockserver.internal.state.TrackedSearch;
import java.util.ArrayList;
import java.util.List;

/**
 * The searches analytics counts for one index: keystroke series reduced to their last query
 * ({@link QueryAggregation}), then only those in the date range whose analytics tags match.
 */
final class CountedSearches {

    private CountedSearches() {}

    /**
     * {@return the counted searches, oldest first}
     *
     * @param all every tracked search, oldest first
     * @param params the call's index, dates and tags
     */
    static List<TrackedSearch> of(List<TrackedSearch> all, AnalyticsParams params) {
        List<TrackedSearch> ofIndex = new ArrayList<>();
        for (TrackedSearch search : all) {
            if (search.index().equals(params.index())) {
                ofIndex.add(search);
            }
        }
        List<TrackedSearch> counted = new ArrayList<>();
        for (TrackedSearch search : QueryAggregation.finalQueries(ofIndex)) {
            if (search.timestamp() >= params.startMillis()
                    && search.timestamp() < params.endMillisExclusive()
                    && params.tags().test(search.analyticsTags())) {
                counted.add(search);
            }
        }
        return counted;
    }
}
