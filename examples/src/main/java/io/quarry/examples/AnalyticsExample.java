package io.quarry.examples;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.analytics.AnalyticsIndex;
import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.NoResultSearch;
import io.quarry.analytics.model.TopSearch;
import java.util.List;

/**
 * Reading search analytics: how many searches an index received, what users search for most, and what they search
 * for without finding anything (the queries worth a synonym, a rule or a new product).
 */
public final class AnalyticsExample {

    private AnalyticsExample() {}

    /**
     * What the example reads about one index.
     *
     * @param searches    how many searches the index received
     * @param topSearches the most frequent searches, most frequent first
     * @param noResults   the most frequent searches that found nothing
     */
    public record Report(long searches, List<TopSearch> topSearches, List<NoResultSearch> noResults) {}

    /**
     * Reads the report of an index over the last seven days (the analytics API's default range).
     *
     * @param analytics an analytics client (the key needs the {@code analytics} right)
     * @param index     the index name
     * @return the report
     */
    public static Report lastWeek(AnalyticsClient analytics, String index) {
        AnalyticsIndex stats = analytics.index(index);
        // A limit keeps the lists short; the default range is the last seven days.
        AnalyticsQuery topFive = AnalyticsQuery.of().limit(5);
        return new Report(
                stats.searchesCount(topFive).count(),
                stats.topSearches(topFive).searches(),
                stats.noResultSearches(topFive).searches());
    }
}
