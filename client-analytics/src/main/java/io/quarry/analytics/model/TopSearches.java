package io.quarry.analytics.model;

import java.util.List;

/**
 * The most frequent searches.
 *
 * @param searches the rows, most frequent first unless another order was asked
 */
public record TopSearches(List<TopSearch> searches) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param searches see the record description
     */
    public TopSearches {
        searches = Rows.list(searches);
    }
}
