package io.quarry.analytics.model;

import java.util.List;

/**
 * How many distinct users searched over the range and each day (a user counted once over the range, so the total is not the sum of the days).
 *
 * @param count distinct users over the range
 * @param dates distinct users of each day
 */
public record UsersCount(long count, List<DailyCount> dates) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param count see the record description
     * @param dates see the record description
     */
    public UsersCount {
        dates = Rows.list(dates);
    }
}
