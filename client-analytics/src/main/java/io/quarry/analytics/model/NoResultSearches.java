package io.quarry.analytics.model;

import java.util.List;

/**
 * The most frequent searches without results.
 *
 * @param searches the rows, most frequent first
 */
public record NoResultSearches(List<NoResultSearch> searches) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param searches see the record description
     */
    public NoResultSearches {
        searches = Rows.list(searches);
    }
}
