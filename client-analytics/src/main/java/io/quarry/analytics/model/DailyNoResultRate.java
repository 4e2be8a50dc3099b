package io.quarry.analytics.model;

import java.time.LocalDate;

/**
 * The share of searches without results on one day (UTC).
 *
 * @param date the day
 * @param rate noResultCount / count; null when there was no search
 * @param count searches
 * @param noResultCount searches without results
 */
public record DailyNoResultRate(LocalDate date, Double rate, long count, long noResultCount) {}
