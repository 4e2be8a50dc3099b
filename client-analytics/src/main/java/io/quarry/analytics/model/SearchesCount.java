package io.quarry.analytics.model;

import java.util.List;

/**
 * How many searches were made over the range and each day.
 *
 * @param count the total
 * @param dates one entry per day
 */
public record SearchesCount(long count, List<DailyCount> dates) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param count see the record description
     * @param dates see the record description
     */
    public SearchesCount {
        dates = Rows.list(dates);
    }
}
