package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.state.tracking.TagSet;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The common parameters of an analytics call, parsed and checked: 400 for a bad value.
 *
 * @param index the index ({@code index}, required)
 * @param startDate the first day, inclusive (default seven days ago, UTC)
 * @param endDate the last day, inclusive (default today, UTC)
 * @param tags the test on a search's analytics tags, or {@code null} when {@code tags} is absent (every search)
 * @param limit how many rows ({@code limit}, 0 to 1000)
 * @param offset the first row ({@code offset}, from 0)
 * @param search the exact query asked about, or {@code null}
 * @param clickAnalytics whether click metrics are asked for
 */
record AnalyticsParams(
        String index,
        LocalDate startDate,
        LocalDate endDate,
        Predicate<Collection<String>> tags,
        int limit,
        int offset,
        String search,
        boolean clickAnalytics) {

    static final int MAX_LIMIT = 1000;
    static final int DEFAULT_LIMIT = 10;
    /** The service's own default for the hits of one search ({@code /2/hits?search=}): no rows unless asked. */
    static final int ONE_SEARCH_HITS_DEFAULT_LIMIT = 0;

    static final int DEFAULT_RANGE_DAYS = 7;
    /**
     * The longest range the mock server answers: the service states no maximum, but the per-day series would grow
     * without bound (years 0000 to 9999 are over three million days), so 100 years is where it stops.
     */
    static final long MAX_RANGE_DAYS = 36_525;

    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    /** The parameters every analytics route understands. */
    static final Set<String> NAMES = Set.of(
            "index",
            "startDate",
            "endDate",
            "tags",
            "limit",
            "offset",
            "search",
            "clickAnalytics",
            "orderBy",
            "direction");

    /**
     * {@return the parameters, {@code limit} defaulting to the route's own default}
     *
     * @param request the call
     * @param clock the server's clock (today's date)
     * @param defaultLimit the rows answered when {@code limit} is absent
     */
    static AnalyticsParams of(Request request, Clock clock, int defaultLimit) {
        String index = request.query().get("index");
        if (index == null || index.isEmpty()) {
            throw ApiException.badRequest("Missing parameter: index");
        }
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        LocalDate start = date(request, "startDate", today.minusDays(DEFAULT_RANGE_DAYS));
        LocalDate end = date(request, "endDate", today);
        if (start.isAfter(end)) {
            // a range with one end by default says so: the caller did not send that date
            throw ApiException.badRequest(
                    "startDate " + start + (given(request, "startDate") ? "" : " (seven days ago)")
                            + " must not be after endDate " + end + (given(request, "endDate") ? "" : " (today)"));
        }
        if (ChronoUnit.DAYS.between(start, end) >= MAX_RANGE_DAYS) {
            throw ApiException.badRequest("The mock server answers date ranges of at most " + MAX_RANGE_DAYS
                    + " days (100 years), to bound the per-day series");
        }
        String tagsText = request.query().get("tags");
        Predicate<Collection<String>> tags =
                tagsText == null || tagsText.isBlank() ? null : TagsExpression.parse(tagsText);
        int limit = integer(request, "limit", defaultLimit);
        if (limit > MAX_LIMIT) {
            throw ApiException.badRequest("limit must be at most " + MAX_LIMIT);
        }
        int offset = integer(request, "offset", 0);
        String search = request.query().get("search");
        return new AnalyticsParams(
                index, start, end, tags, limit, offset, search, request.booleanParam("clickAnalytics", false));
    }

    /** {@return the {@code search} parameter, required by the route} */
    String requiredSearch() {
        if (search == null) {
            throw ApiException.badRequest("Missing parameter: search");
        }
        return search;
    }

    /**
     * {@return whether the searches of a tag set count: all of them without {@code tags}, else those whose tags
     * satisfy it (never the searches whose tag set was beyond the bounds, whose tags are not kept)}
     *
     * @param tagSet the tag set
     */
    boolean matches(TagSet tagSet) {
        return tags == null || !tagSet.overflow() && tags.test(tagSet.tags());
    }

    private static boolean given(Request request, String name) {
        String value = request.query().get(name);
        return value != null && !value.isEmpty();
    }

    private static LocalDate date(Request request, String name, LocalDate fallback) {
        String value = request.query().get(name);
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        try {
            if (!DATE.matcher(value).matches()) {
                throw new DateTimeParseException("not YYYY-MM-DD", value, 0);
            }
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            throw ApiException.badRequest("Invalid " + name + ": expected a date YYYY-MM-DD");
        }
    }

    /**
     * {@return a count parameter: ASCII digits, at most {@link Integer#MAX_VALUE} (larger values are taken as that,
     * which is past any list and above any limit)}
     */
    private static int integer(Request request, String name, int fallback) {
        String value = request.query().get(name);
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        boolean negative = value.charAt(0) == '-';
        int first = negative ? 1 : 0;
        if (first == value.length()) {
            throw ApiException.badRequest("Invalid " + name + ": expected an integer");
        }
        long number = 0;
        for (int i = first; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw ApiException.badRequest("Invalid " + name + ": expected an integer");
            }
            number = Math.min(number * 10 + (c - '0'), Integer.MAX_VALUE);
        }
        if (negative && number > 0) {
            throw ApiException.badRequest(name + " must not be negative");
        }
        return (int) number;
    }
}
