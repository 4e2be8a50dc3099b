package io.quarry.mockserver.engine.internal.index;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns and orders searches build over one store's records (facet and numeric columns by attribute, sorted
 * orders by key), at most {@value #MAX_PER_KIND} of each kind. They are caches, rebuilt from the records whenever
 * dropped: a write that renumbers the records drops the columns, any write the orders.
 *
 * <p>While an index holds the store, their estimated heap counts in its application's {@link RecordBudget} beside
 * the records. One that does not fit, even once this store's other caches are dropped, is not kept: the search uses
 * it all the same, and it is held softly until the next one is asked for, so that a search asking again (one filter
 * per value of a facet) finds it while the heap has room, and the collector frees it before the heap runs out. A
 * write that needs room drops every store's caches first ({@link RecordBudget#take}).
 *
 * <p>Thread-safe: readers (under the store owner's read lock) build and count under this object's lock.
 */
final class StoreCaches {

    /** How many caches of each kind are kept. */
    static final int MAX_PER_KIND = 64;

    private final Map<String, NumericColumn> numeric = new HashMap<>();
    private final Map<String, FacetColumn> facets = new HashMap<>();
    private final Map<String, int[]> orders = new HashMap<>();
    // Guarded by this.
    private long columnsLayout = -1;
    private long ordersGeneration = -1;
    private RecordBudget budget;
    private long counted;
    private Spare spare;

    /** The last cache that did not fit: valid while its stamp (a layout, or a generation for an order) is current. */
    private record Spare(String key, long stamp, SoftReference<Object> value) {}

    /**
     * Counts the caches in a budget from now on, or in none; what they counted before is given back.
     *
     * @param to the budget of the application of the indices holding the store, or {@code null} when none does
     */
    synchronized void countIn(RecordBudget to) {
        drop();
        if (budget != null) {
            budget.unregister(this);
        }
        budget = to;
        if (to != null) {
            to.register(this);
        }
    }

    /** Drops every cache, giving back what they counted (the soft spare stays: it counts nowhere). */
    synchronized void drop() {
        numeric.clear();
        facets.clear();
        orders.clear();
        if (budget != null) {
            budget.uncache(counted);
        }
        counted = 0;
    }

    /** {@return the estimated heap the caches kept hold now} */
    synchronized long counted() {
        return counted;
    }

    /** @see RecordStore#numericColumn(String) */
    synchronized NumericColumn numericColumn(RecordStore store, String path, long layout) {
        onLayout(layout);
        NumericColumn column = numeric.get(path);
        if (column == null) {
            column = spare("n:" + path, layout, NumericColumn.class);
        }
        if (column != null && column.limit() >= store.ordinalLimit()) {
            return column;
        }
        NumericColumn built = column == null ? NumericColumn.build(store, path) : column.extendedTo(store, path);
        keep(numeric, path, built, NumericColumn::heapBytes, "n:" + path, layout);
        return built;
    }

    /** @see RecordStore#facetColumn(String) */
    synchronized FacetColumn facetColumn(RecordStore store, String path, long layout) {
        onLayout(layout);
        FacetColumn column = facets.get(path);
        if (column == null) {
            column = spare("f:" + path, layout, FacetColumn.class);
        }
        if (column != null && column.limit() >= store.ordinalLimit()) {
            return column;
        }
        FacetColumn built = column == null ? FacetColumn.build(store, path) : column.extendedTo(store, path);
        keep(facets, path, built, FacetColumn::heapBytes, "f:" + path, layout);
        return built;
    }

    /** @see RecordStore#sortedOrdinals(String, Comparator) */
    int[] sortedOrdinals(RecordStore store, String key, Comparator<IndexedRecord> order, long generation) {
        synchronized (this) {
            onGeneration(generation);
            int[] known = orders.get(key);
            if (known == null) {
                known = spare("o:" + key, generation, int[].class);
            }
            if (known != null) {
                return known;
            }
        }
        // sorted outside the lock, so that browses of other orders do not wait; a race sorts twice
        int[] sorted = sort(store, order);
        synchronized (this) {
            onGeneration(generation);
            int[] raced = orders.get(key);
            if (raced != null) {
                return raced;
            }
            keep(orders, key, sorted, ordinals -> 16 + 4L * ordinals.length, "o:" + key, generation);
            return sorted;
        }
    }

    private static int[] sort(RecordStore store, Comparator<IndexedRecord> order) {
        List<IndexedRecord> live = new ArrayList<>(store.size());
        for (int ordinal = 0; ordinal < store.ordinalLimit(); ordinal++) {
            IndexedRecord record = store.at(ordinal);
            if (record != null) {
                live.add(record);
            }
        }
        live.sort(order);
        int[] ordinals = new int[live.size()];
        for (int i = 0; i < ordinals.length; i++) {
            ordinals[i] = live.get(i).ordinal();
        }
        return ordinals;
    }

    private void onLayout(long layout) {
        if (columnsLayout != layout) {
            forget(numeric, NumericColumn::heapBytes);
            forget(facets, FacetColumn::heapBytes);
            columnsLayout = layout;
        }
    }

    private void onGeneration(long generation) {
        if (ordersGeneration != generation) {
            forget(orders, ordinals -> 16 + 4L * ordinals.length);
            ordersGeneration = generation;
        }
    }

    private <T> void forget(Map<String, T> kind, Sizes<T> sizes) {
        long bytes = 0;
        for (T cache : kind.values()) {
            bytes += sizes.of(cache);
        }
        kind.clear();
        counted -= bytes;
        if (budget != null) {
            budget.uncache(bytes);
        }
    }

    /** Keeps a cache built (replacing the one of its key) when it fits; otherwise holds it as the spare. */
    private <T> void keep(Map<String, T> kind, String key, T cache, Sizes<T> sizes, String spareKey, long stamp) {
        T replaced = kind.remove(key);
        long freed = replaced == null ? 0 : sizes.of(replaced);
        counted -= freed;
        if (budget != null) {
            budget.uncache(freed);
        }
        if (kind.size() >= MAX_PER_KIND) {
            forget(kind, sizes);
        }
        long bytes = sizes.of(cache);
        if (budget == null || budget.tryCache(bytes)) {
            kind.put(key, cache);
            counted += bytes;
            return;
        }
        // this store's other caches give way to the one asked for now
        drop();
        if (budget.tryCache(bytes)) {
            kind.put(key, cache);
            counted += bytes;
        } else {
            spare = new Spare(spareKey, stamp, new SoftReference<>(cache));
        }
    }

    private <T> T spare(String key, long stamp, Class<T> type) {
        Spare held = spare;
        if (held == null || held.stamp() != stamp || !held.key().equals(key)) {
            return null;
        }
        return type.cast(held.value().get());
    }

    @FunctionalInterface
    private interface Sizes<T> {
        long of(T cache);
    }
}
