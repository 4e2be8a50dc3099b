package io.quarry.mockserver.internal.state.tracking;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Rows by key, at most {@code capacity} of them: when a new key comes to a full map, the half of the rows counted
 * least is dropped (among equal counts, the oldest first), so the most counted keys stay and a stream of
 * one-off keys costs a bounded amount of memory and amortised constant time.
 *
 * @param <K> the key
 * @param <V> the row
 */
final class RowMap<K, V extends Row> {

    /** A map entry, its node and table slot, in bytes. */
    static final long ENTRY_BYTES = 64;

    private final Ledger owner;
    private final int capacity;
    private final LinkedHashMap<K, V> rows = new LinkedHashMap<>();

    /**
     * @param owner the part whose cost includes the rows'
     * @param capacity the most rows kept
     */
    RowMap(Ledger owner, int capacity) {
        this.owner = owner;
        this.capacity = capacity;
    }

    /**
     * {@return the row of the key, created when absent}
     *
     * @param key the key (its strings interned by the caller)
     * @param keyBytes the estimated bytes of the key
     * @param seq the sequence number of the search being counted
     * @param create makes an empty row
     */
    V row(K key, long keyBytes, long seq, Function<K, V> create) {
        V row = rows.get(key);
        if (row != null) {
            return row;
        }
        if (rows.size() >= capacity) {
            dropLeastCounted();
        }
        row = create.apply(key);
        row.attach(owner);
        row.created(seq);
        row.charge(ENTRY_BYTES + keyBytes + row.ownBytes());
        rows.put(key, row);
        return row;
    }

    /**
     * {@return the row of the key if it was there when that search was counted, else {@code null}}
     *
     * @param key the key
     * @param seq the sequence number of the search
     */
    V rowOf(K key, long seq) {
        V row = rows.get(key);
        return row != null && row.holds(seq) ? row : null;
    }

    /** {@return the rows by key, read-only} */
    Map<K, V> rows() {
        return Collections.unmodifiableMap(rows);
    }

    private void dropLeastCounted() {
        List<Map.Entry<K, V>> entries = new ArrayList<>(rows.entrySet());
        // a stable sort: among equal counts the oldest (first inserted) goes first
        entries.sort(Comparator.comparingLong(e -> e.getValue().weight()));
        for (int i = 0; i < Math.max(1, entries.size() / 2); i++) {
            V dropped = rows.remove(entries.get(i).getKey());
            dropped.release();
        }
    }
}
