package io.quarry.analytics.model;

import java.time.LocalDate;

/**
 * A count for one day (UTC).
 *
 * @param date the day
 * @param count the count
 */
public record DailyCount(LocalDate date, long count) {}
