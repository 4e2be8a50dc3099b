package io.quarry.analytics.model;

import java.time.LocalDate;

/**
 * The share of tracked searches without clicks on one day (UTC).
 *
 * @param date the day
 * @param rate noClickCount / count; null when there was no tracked search
 * @param count tracked searches
 * @param noClickCount tracked searches without clicks
 */
public record DailyNoClickRate(LocalDate date, Double rate, long count, long noClickCount) {}
