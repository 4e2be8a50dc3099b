package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Optional filters of one facet value each ({@code brand:acme<score=3>}), all on one attribute, scored from a
 * record's values: each value leads to the filters it matches. A personalized search holds up to a thousand of
 * them; tested one after the other, each against every candidate, they took seconds on an index of thousands of
 * records, where a record's few values cost a look-up each. The values the filters match are held in a hash table
 * sized to them, not in an array the size of the facet's column (made again for every search, it cost 400 KB on a
 * facet of 100,000 values to hold a few).
 */
final class ValueScores {

    private static final int FIRST_SLOTS = 8;

    private final FacetColumn column;
    private final List<Integer> scores = new ArrayList<>();
    /** Open addressing, linear probing: each slot's value id plus one, or 0 for a free slot. */
    private int[] ids = new int[FIRST_SLOTS];
    /** The filters the value id of the same slot matches, by index into {@link #scores}. */
    private int[][] filtersOfSlot = new int[FIRST_SLOTS][];

    private int used;

    ValueScores(FacetColumn column) {
        this.column = column;
    }

    /**
     * Adds a filter.
     *
     * @param matchingIds the ids of the values it matches, each once
     * @param score what a record holding one of them earns
     */
    void add(int[] matchingIds, int score) {
        int filter = scores.size();
        scores.add(score);
        for (int id : matchingIds) {
            int slot = slot(id);
            if (ids[slot] == 0) {
                if (2 * (used + 1) > ids.length) {
                    grow();
                    slot = slot(id);
                }
                ids[slot] = id + 1;
                used++;
            }
            int[] filters = filtersOfSlot[slot];
            int[] grown = filters == null ? new int[1] : Arrays.copyOf(filters, filters.length + 1);
            grown[grown.length - 1] = filter;
            filtersOfSlot[slot] = grown;
        }
    }

    /** {@return the slots of the table: what it holds, whatever the column's size} */
    int slots() {
        return ids.length;
    }

    /**
     * {@return the sum of the scores of the filters the record matches, each counted once}
     *
     * @param record a record of the store the column belongs to
     * @param read {@code null}, or a counter to which each of the record's values and each filter it leads to add
     *     one (a test counts the work)
     */
    long score(IndexedRecord record, long[] read) {
        int ordinal = record.ordinal();
        long total = 0;
        BitSet counted = null;
        for (int position = column.start(ordinal); position < column.end(ordinal); position++) {
            Work.add(read, 1);
            int id = column.id(position);
            int slot = slot(id);
            if (ids[slot] == 0) {
                continue;
            }
            int[] filters = filtersOfSlot[slot];
            Work.add(read, filters.length);
            for (int filter : filters) {
                if (counted == null) {
                    counted = new BitSet();
                }
                if (!counted.get(filter)) {
                    counted.set(filter);
                    total += scores.get(filter);
                }
            }
        }
        return total;
    }

    /** {@return the slot holding the value id, or the free slot where it would go} */
    private int slot(int id) {
        int mask = ids.length - 1;
        int slot = mix(id) & mask;
        while (ids[slot] != 0 && ids[slot] != id + 1) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    /** Doubles the table, at most half full, so that a probe ends after a slot or two. */
    private void grow() {
        int[] oldIds = ids;
        int[][] oldFilters = filtersOfSlot;
        ids = new int[oldIds.length * 2];
        filtersOfSlot = new int[oldIds.length * 2][];
        for (int i = 0; i < oldIds.length; i++) {
            if (oldIds[i] != 0) {
                int slot = slot(oldIds[i] - 1);
                ids[slot] = oldIds[i];
                filtersOfSlot[slot] = oldFilters[i];
            }
        }
    }

    /** Spreads consecutive ids (a column numbers its values in order) over the table. */
    private static int mix(int id) {
        int h = id * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
