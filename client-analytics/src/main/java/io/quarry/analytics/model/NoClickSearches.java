package io.quarry.analytics.model;

import java.util.List;

/**
 * The most frequent searches without clicks.
 *
 * @param searches the rows, most frequent first
 */
public record NoClickSearches(List<NoClickSearch> searches) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param searches see the record description
     */
    public NoClickSearches {
        searches = Rows.list(searches);
    }
}
