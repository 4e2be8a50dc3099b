package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.state.TrackedSearch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The searches analytics counts for one index: keystroke series reduced to their last query (prefix aggregation),
 * then only those in the date range whose analytics tags match.
 *
 * <p>Prefix aggregation: a search is not counted when the same user's next search on the same index comes within
 * {@link #KEYSTROKE_WINDOW} and its query extends this one ({@code "sho"} then {@code "shoe"} counts only
 * {@code "shoe"}).
 */
final class CountedSearches {

    /** How soon a longer query must follow for the shorter one to count as a keystroke. */
    static final Duration KEYSTROKE_WINDOW = Duration.ofSeconds(5);

    private CountedSearches() {}

    /**
     * @param all every tracked search, oldest first
     * @param params the call's index, dates and tags
     * @return the counted searches, oldest first
     */
    static List<TrackedSearch> of(List<TrackedSearch> all, AnalyticsParams params) {
        List<TrackedSearch> ofIndex = new ArrayList<>();
        for (TrackedSearch search : all) {
            if (search.index().equals(params.index())) {
                ofIndex.add(search);
            }
        }
        List<TrackedSearch> counted = new ArrayList<>();
        for (TrackedSearch search : finalQueries(ofIndex)) {
            if (search.timestamp() >= params.startMillis()
                    && search.timestamp() < params.endMillisExclusive()
                    && params.tags().test(search.analyticsTags())) {
                counted.add(search);
            }
        }
        return counted;
    }

    /** @return the searches that are not a keystroke leading to the same user's next search */
    static List<TrackedSearch> finalQueries(List<TrackedSearch> ofIndex) {
        Map<String, TrackedSearch> pendingByUser = new HashMap<>();
        List<TrackedSearch> kept = new ArrayList<>();
        for (TrackedSearch search : ofIndex) {
            String user = String.valueOf(search.user());
            TrackedSearch previous = pendingByUser.put(user, search);
            if (previous != null && !isKeystrokeBefore(previous, search)) {
                kept.add(previous);
            }
        }
        kept.addAll(pendingByUser.values());
        kept.sort((a, b) -> Long.compare(a.timestamp(), b.timestamp()));
        return kept;
    }

    private static boolean isKeystrokeBefore(TrackedSearch earlier, TrackedSearch later) {
        return later.timestamp() - earlier.timestamp() <= KEYSTROKE_WINDOW.toMillis()
                && later.query().length() > earlier.query().length()
                && later.query().startsWith(earlier.query());
    }
}
