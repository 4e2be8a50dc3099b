package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Optional filters of one facet value each ({@code brand:acme<score=3>}), all on one attribute, scored from a
 * record's values: each value leads to the filters it matches. A personalized search holds up to a thousand of
 * them; tested one after the other, each against every candidate, they took seconds on an index of thousands of
 * records, where a record's few values cost a look-up each.
 */
final class ValueScores {

    private final FacetColumn column;
    private final List<Integer> scores = new ArrayList<>();
    /** The filters each value id matches, by index into {@link #scores}; null for none. */
    private final int[][] filtersOfValue;

    ValueScores(FacetColumn column) {
        this.column = column;
        this.filtersOfValue = new int[column.valueCount()][];
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
            int[] filters = filtersOfValue[id];
            int[] grown = filters == null ? new int[1] : java.util.Arrays.copyOf(filters, filters.length + 1);
            grown[grown.length - 1] = filter;
            filtersOfValue[id] = grown;
        }
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
            int[] filters = filtersOfValue[column.id(position)];
            if (filters == null) {
                continue;
            }
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
}
