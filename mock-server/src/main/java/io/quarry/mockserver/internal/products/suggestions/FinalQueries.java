package io.quarry.mockserver.internal.products.suggestions;

import io.quarry.mockserver.internal.state.TrackedSearch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps the final query of each series of keystrokes, as the service's analytics do: a search is dropped when the
 * same user's next search on the same index, within {@value #WINDOW_MILLIS} ms, extends its query (the user kept
 * typing "run", "runn", "running"). Users are told apart by user token, else by IP address. Linear in the number
 * of searches.
 */
final class FinalQueries {

    static final long WINDOW_MILLIS = 5_000;

    private FinalQueries() {}

    /**
     * @param searches recorded searches, oldest first
     * @return those that end a series of keystrokes, in order
     */
    static List<TrackedSearch> of(List<TrackedSearch> searches) {
        boolean[] typedOn = new boolean[searches.size()];
        Map<String, Integer> lastOfUser = new HashMap<>();
        for (int i = 0; i < searches.size(); i++) {
            TrackedSearch search = searches.get(i);
            String key = search.index() + '\u0000' + search.user();
            Integer previous = lastOfUser.put(key, i);
            if (previous != null) {
                TrackedSearch before = searches.get(previous);
                String earlier = QueryText.normalize(before.query());
                String later = QueryText.normalize(search.query());
                if (later.length() > earlier.length()
                        && later.startsWith(earlier)
                        && search.timestamp() - before.timestamp() <= WINDOW_MILLIS) {
                    typedOn[previous] = true;
                }
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
}
