package io.quarry.analytics.model;

import java.util.List;

/**
 * The share of tracked searches without clicks over the range and each day.
 *
 * @param rate noClickCount / count; null when there was no tracked search
 * @param count tracked searches
 * @param noClickCount tracked searches without clicks
 * @param dates one entry per day
 */
public record NoClickRate(Double rate, long count, long noClickCount, List<DailyNoClickRate> dates) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param rate see the record description
     * @param count see the record description
     * @param noClickCount see the record description
     * @param dates see the record description
     */
    public NoClickRate {
        dates = Rows.list(dates);
    }
}
