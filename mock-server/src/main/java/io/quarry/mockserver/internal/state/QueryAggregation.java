package io.quarry.mockserver.internal.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Query aggregation, the one rule analytics and query suggestions both count searches by: searches run at each
 * keystroke, so only the final query of a series of keystrokes counts. A search is a keystroke, and dropped, when
 * the same user's next search on the same index comes within {@value #WINDOW_MILLIS} ms and extends its query
 * ({@code "sho"} then {@code "shoe"}: only {@code "shoe"} counts). Users are told apart by user token, else by IP
 * address. Queries are compared as typed, ignoring case and runs of spaces ({@code "Sho"} then {@code "shoe"},
 * {@code "hiking"} then {@code "hiking "} are keystrokes); the same query again is a search of its own. Linear in
 * the number of searches.
 */
public final class QueryAggregation {

    /** How soon the longer query must follow for the shorter one to count as a keystroke. */
    public static final long WINDOW_MILLIS = 5_000;

    private QueryAggregation() {}

    /**
     * {@return those that end a series of keystrokes, in the same order}
     *
     * @param searches searches of any indices, oldest first
     */
    public static List<TrackedSearch> finalQueries(List<TrackedSearch> searches) {
        boolean[] typedOn = new boolean[searches.size()];
        Map<String, Integer> lastOfUser = new HashMap<>();
        for (int i = 0; i < searches.size(); i++) {
            TrackedSearch search = searches.get(i);
            Integer previous = lastOfUser.put(search.index() + '\u0000' + search.user(), i);
            if (previous != null && isKeystrokeBefore(searches.get(previous), search)) {
                typedOn[previous] = true;
            }
        }
        List<TrackedSearch> finals = new ArrayList<>();
        for (int i = 0; i < searches.size(); i++) {
            if (!typedOn[i]) {
                finals.add(searches.get(i));
            }
        }
        return finals;
    }

    private static boolean isKeystrokeBefore(TrackedSearch earlier, TrackedSearch later) {
        String before = typed(earlier.query());
        String after = typed(later.query());
        return later.timestamp() - earlier.timestamp() <= WINDOW_MILLIS
                && after.length() > before.length()
                && after.startsWith(before);
    }

    /**
     * A query as typed: lower-cased, leading spaces dropped, each run of spaces one space. A trailing space stays,
     * since typing it is a keystroke.
     */
    private static String typed(String query) {
        return query == null ? "" : query.stripLeading().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
