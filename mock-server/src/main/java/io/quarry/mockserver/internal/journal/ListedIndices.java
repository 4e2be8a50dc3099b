package io.quarry.mockserver.internal.journal;

import io.quarry.mockserver.internal.auth.Patterns;
import io.quarry.mockserver.internal.state.ApiKey;
import io.quarry.mockserver.internal.state.ApiKeys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * The indices that the keys able to read the charts (those with the {@code logs} right) are restricted to: their
 * {@code indexes} entries, names or patterns, an index-level key's index, and the {@code restrictIndices} of the
 * last {@value #WATCHERS} secured keys that read the charts (their first {@value #WATCHED_ENTRIES} entries each: a
 * secured key is made by the application, unknown to the server until it is used). The counters name every such
 * index however many others a second saw, so that such a key is charted its own lines; what they keep is then
 * bounded by these lists, not by one cut for all. Read again whenever the keys or the watchers change. Not
 * thread-safe: the counters ask it under their lock.
 */
final class ListedIndices {

    /** Listed by name. */
    static final int BY_NAME = -1;
    /** Not listed, or only by patterns without room. */
    static final int NOT_LISTED = -2;
    /** How many secured keys' restrictions are kept, the last to read the charts. */
    static final int WATCHERS = 8;
    /** The most entries of a secured key's restriction kept. */
    static final int WATCHED_ENTRIES = 32;

    /** The application's keys, or {@code null} for none (a journal of its own, in a test). */
    private final ApiKeys keys;

    /**
     * The restrictions of the secured keys that read the charts last, the least recent first; made when the first
     * reads them, so a server whose charts no secured key reads loads nothing of it.
     */
    private Map<List<String>, Boolean> watchers = Map.of();

    private long readAt = -1;
    private boolean watchersChanged;
    /** Each name listed, mapped to itself: a long name is kept as the list holds it, not copied. */
    private Map<String, String> names = Map.of();

    private List<String> patterns = List.of();

    /** @param keys the application's keys, or {@code null} for none */
    ListedIndices(ApiKeys keys) {
        this.keys = keys;
    }

    /**
     * {@return {@link #BY_NAME} when a key lists the index by its name, else the position of the first pattern that
     *     matches it and has room, else {@link #NOT_LISTED}}
     *
     * @param index the index's whole name
     * @param hasRoom whether the pattern at that position may count one more index
     */
    int find(String index, IntPredicate hasRoom) {
        readKeysIfChanged();
        if (names.containsKey(index)) {
            return BY_NAME;
        }
        for (int i = 0; i < patterns.size(); i++) {
            if (hasRoom.test(i) && Patterns.matches(patterns.get(i), index)) {
                return i;
            }
        }
        return NOT_LISTED;
    }

    /**
     * {@return the name as a list holds it when a list names it, else {@code null}}
     *
     * @param index the index's whole name
     */
    String listedName(String index) {
        readKeysIfChanged();
        return names.get(index);
    }

    /**
     * Lists a secured key's restriction, from now on, as the last to read the charts; the oldest of more than
     * {@value #WATCHERS} is dropped.
     *
     * @param restrictIndices the secured key's {@code restrictIndices}
     */
    void watchedBy(List<String> restrictIndices) {
        List<String> kept = restrictIndices.size() <= WATCHED_ENTRIES
                ? restrictIndices
                : restrictIndices.subList(0, WATCHED_ENTRIES);
        if (watchers.isEmpty()) {
            watchers = new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<List<String>, Boolean> eldest) {
                    return size() > WATCHERS;
                }
            };
        }
        if (watchers.get(kept) == null) { // the same secured key reads every second: nothing to read again
            watchers.put(List.copyOf(kept), Boolean.TRUE);
            watchersChanged = true;
        }
    }

    /** {@return how many patterns are listed} */
    int patterns() {
        readKeysIfChanged();
        return patterns.size();
    }

    private void readKeysIfChanged() {
        long changes = keys == null ? -1 : keys.changes();
        if (changes == readAt && !watchersChanged) {
            return;
        }
        readAt = changes;
        watchersChanged = false;
        Map<String, String> named = new HashMap<>();
        Set<String> patterned = new HashSet<>();
        for (ApiKey key : keys == null ? List.<ApiKey>of() : keys.all()) {
            if (!key.allows("logs")) {
                continue;
            }
            if (key.indexScope() != null) {
                named.put(key.indexScope(), key.indexScope());
                continue;
            }
            list(key.indexes(), named, patterned);
        }
        for (List<String> restriction : watchers.keySet()) {
            list(restriction, named, patterned);
        }
        names = named;
        patterns = new ArrayList<>(patterned);
    }

    private static void list(List<String> entries, Map<String, String> named, Set<String> patterned) {
        for (String entry : entries) {
            String trimmed = entry.trim(); // as a key's entries are matched
            if (trimmed.indexOf('*') >= 0) {
                patterned.add(trimmed);
            } else if (!trimmed.isEmpty()) {
                named.put(trimmed, trimmed);
            }
        }
    }
}
