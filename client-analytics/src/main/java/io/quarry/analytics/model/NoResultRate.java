package io.quarry.analytics.model;

import java.util.List;

/**
 * The share of searches without results over the range and each day.
 *
 * @param rate noResultCount / count; null when there was no search
 * @param count searches
 * @param noResultCount searches without results
 * @param dates one entry per day
 */
public record NoResultRate(Double rate, long count, long noResultCount, List<DailyNoResultRate> dates) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param rate see the record description
     * @param count see the record description
     * @param noResultCount see the record description
     * @param dates see the record description
     */
    public NoResultRate {
        dates = Rows.list(dates);
    }
}
