package io.quarry.analytics.model;

import java.time.LocalDate;
import java.util.Objects;

/**
 * The parameters analytics calls share: a range of days (UTC, both inclusive), a tags expression, a page
 * ({@code limit}, {@code offset}) and, for top searches, an order. Immutable; each method returns a new query.
 * What a call does not take is not sent (the Javadoc of each call says which it takes).
 *
 * <pre>{@code
 * AnalyticsQuery lastMonth = AnalyticsQuery.between(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 31))
 *         .tags(AnalyticsTags.anyOf("mobile", "tablet"))
 *         .limit(100);
 * }</pre>
 * Left unset, the service's defaults apply: the last seven days up to today, every search, 10 rows from the first,
 * the most frequent searches first. As the other query values' withers do, a wither given null leaves that member to
 * the service's default, as a query built without it does.
 *
 * @param startDate the first day, or null for the service's default (seven days ago)
 * @param endDate the last day, or null for the service's default (today)
 * @param tags the tags searches must match, or null for every search
 * @param limit how many rows, 0 to {@value #MAX_LIMIT}, or null for the service's default (10)
 * @param offset the first row, or null for 0
 * @param orderBy what top searches are sorted by, or null for the service's default (search count)
 * @param direction which way top searches are sorted, or null for the service's default (descending)
 */
public record AnalyticsQuery(
        LocalDate startDate,
        LocalDate endDate,
        AnalyticsTags tags,
        Integer limit,
        Integer offset,
        SearchOrderBy orderBy,
        OrderDirection direction) {

    /** The most rows one call returns, and how deep top lists go. */
    public static final int MAX_LIMIT = 1000;

    /**
     * Checks the values.
     *
     * @param startDate see the record description
     * @param endDate see the record description
     * @param tags see the record description
     * @param limit see the record description
     * @param offset see the record description
     * @param orderBy see the record description
     * @param direction see the record description
     * @throws IllegalArgumentException for a start after the end, a date whose year is outside 0..9999 (which
     *     {@code YYYY-MM-DD} cannot write), a limit outside 0..1000 or a negative offset
     */
    public AnalyticsQuery {
        checkYear("startDate", startDate);
        checkYear("endDate", endDate);
        if (startDate != null && endDate != null && startDate.isAfter(endDate)) {
            throw new IllegalArgumentException("startDate " + startDate + " is after endDate " + endDate);
        }
        if (limit != null && (limit < 0 || limit > MAX_LIMIT)) {
            throw new IllegalArgumentException("limit must be between 0 and " + MAX_LIMIT + ": " + limit);
        }
        if (offset != null && offset < 0) {
            throw new IllegalArgumentException("offset must not be negative: " + offset);
        }
    }

    /**
     * The service's defaults for everything.
     *
     * @return the query
     */
    public static AnalyticsQuery of() {
        return new AnalyticsQuery(null, null, null, null, null, null, null);
    }

    /**
     * The days from one to another, both included (UTC).
     *
     * @param startDate the first day
     * @param endDate the last day
     * @return the query
     */
    public static AnalyticsQuery between(LocalDate startDate, LocalDate endDate) {
        return of().startDate(Objects.requireNonNull(startDate, "startDate"))
                .endDate(Objects.requireNonNull(endDate, "endDate"));
    }

    /**
     * {@return the new query}
     *
     * @param startDate the first day (UTC), or null for the service's default (seven days ago)
     * @throws IllegalArgumentException for a day after the end, or a year outside 0..9999
     */
    public AnalyticsQuery startDate(LocalDate startDate) {
        return new AnalyticsQuery(startDate, endDate, tags, limit, offset, orderBy, direction);
    }

    /**
     * {@return the new query}
     *
     * @param endDate the last day (UTC), included, or null for the service's default (today)
     * @throws IllegalArgumentException for a day before the start, or a year outside 0..9999
     */
    public AnalyticsQuery endDate(LocalDate endDate) {
        return new AnalyticsQuery(startDate, endDate, tags, limit, offset, orderBy, direction);
    }

    /**
     * {@return the new query}
     *
     * @param tags the tags searches must match, or null for every search
     */
    public AnalyticsQuery tags(AnalyticsTags tags) {
        return new AnalyticsQuery(startDate, endDate, tags, limit, offset, orderBy, direction);
    }

    /**
     * {@return the new query}
     *
     * @param rows how many rows, 0 to {@value #MAX_LIMIT}
     */
    public AnalyticsQuery limit(int rows) {
        return new AnalyticsQuery(startDate, endDate, tags, rows, offset, orderBy, direction);
    }

    /**
     * {@return the new query}
     *
     * @param first the first row, from 0
     */
    public AnalyticsQuery offset(int first) {
        return new AnalyticsQuery(startDate, endDate, tags, limit, first, orderBy, direction);
    }

    /**
     * What top searches are sorted by: only {@link SearchOrderBy#SEARCH_COUNT} without click analytics. Sent by the
     * top searches calls only.
     *
     * @param orderBy the figure sorted by, or null for the service's default (search count)
     * @return the new query
     */
    public AnalyticsQuery orderBy(SearchOrderBy orderBy) {
        return new AnalyticsQuery(startDate, endDate, tags, limit, offset, orderBy, direction);
    }

    /**
     * Which way top searches are sorted, by {@link #orderBy(SearchOrderBy) orderBy} or by search count when the
     * query sets no order. Sent by the top searches calls only.
     *
     * @param direction the direction, or null for the service's default (largest first, {@link OrderDirection#DESC})
     * @return the new query
     */
    public AnalyticsQuery direction(OrderDirection direction) {
        return new AnalyticsQuery(startDate, endDate, tags, limit, offset, orderBy, direction);
    }

    private static void checkYear(String name, LocalDate date) {
        if (date != null && (date.getYear() < 0 || date.getYear() > 9999)) {
            throw new IllegalArgumentException(
                    name + " " + date + " has no YYYY-MM-DD form: its year must be between 0 and 9999");
        }
    }
}
