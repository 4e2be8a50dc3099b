package io.quarry.analytics.model;

import java.util.List;

/**
 * The most frequent searches with click metrics.
 *
 * @param searches the rows, in the order asked
 */
public record TopSearchesWithClickAnalytics(List<TopSearchWithClickAnalytics> searches) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param searches see the record description
     */
    public TopSearchesWithClickAnalytics {
        searches = Rows.list(searches);
    }
}
