package io.quarry.mockserver.internal.journal;

import io.quarry.mockserver.internal.auth.Patterns;
import io.quarry.mockserver.internal.state.ApiKey;
import io.quarry.mockserver.internal.state.ApiKeys;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * The indices that the keys able to read the charts (those with the {@code logs} right) are restricted to: their
 * {@code indexes} entries, names or patterns, and an index-level key's index. The counters name every such index
 * however many others a second saw, so that such a key is charted its own lines; what they keep is then bounded by
 * these lists, not by one cut for all. Read again whenever the keys change. Not thread-safe: the counters ask it
 * under their lock.
 */
final class ListedIndices {

    /** Listed by name. */
    static final int BY_NAME = -1;
    /** Not listed, or only by patterns without room. */
    static final int NOT_LISTED = -2;

    /** The application's keys, or {@code null} for none (a journal of its own, in a test). */
    private final ApiKeys keys;

    private long readAt = -1;
    private Set<String> names = Set.of();
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
        if (names.contains(index)) {
            return BY_NAME;
        }
        for (int i = 0; i < patterns.size(); i++) {
            if (hasRoom.test(i) && Patterns.matches(patterns.get(i), index)) {
                return i;
            }
        }
        return NOT_LISTED;
    }

    /** {@return how many patterns are listed} */
    int patterns() {
        readKeysIfChanged();
        return patterns.size();
    }

    private void readKeysIfChanged() {
        if (keys == null || keys.changes() == readAt) {
            return;
        }
        readAt = keys.changes();
        Set<String> named = new HashSet<>();
        Set<String> patterned = new HashSet<>();
        for (ApiKey key : keys.all()) {
            if (!key.allows("logs")) {
                continue;
            }
            if (key.indexScope() != null) {
                named.add(key.indexScope());
                continue;
            }
            for (String entry : key.indexes()) {
                String trimmed = entry.trim(); // as a key's entries are matched
                if (!trimmed.isEmpty()) {
                    (trimmed.indexOf('*') >= 0 ? patterned : named).add(trimmed);
                }
            }
        }
        names = named;
        patterns = new ArrayList<>(patterned);
    }
}
