package io.quarry.mockserver.engine.internal.index;

import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The values of one attribute for every record, by ordinal, for the common case of one number per record: numeric
 * filters and sorts read an array instead of each record's own structures. Records holding several values or a
 * non-number there are "irregular" and must be read from the record itself.
 *
 * <p>Like {@link FacetColumn}, extended with the records written since it was built rather than built again.
 */
public final class NumericColumn {

    private final int limit;
    private final double[] values;
    private final long[] irregular;

    private NumericColumn(int limit, double[] values, long[] irregular) {
        this.limit = limit;
        this.values = values;
        this.irregular = irregular;
    }

    static NumericColumn build(RecordStore store, String path) {
        return new NumericColumn(0, new double[0], new long[0]).extendedTo(store, path);
    }

    /** {@return how many ordinals the column covers} */
    int limit() {
        return limit;
    }

    /**
     * {@return the column covering every ordinal of the store (sharing this one's arrays when they have room)}
     *
     * @param store the store the column was built from, with the same ordinals
     * @param path the column's attribute path
     */
    NumericColumn extendedTo(RecordStore store, String path) {
        int to = store.ordinalLimit();
        double[] newValues = values;
        if (to > values.length) {
            newValues = Arrays.copyOf(values, Math.max(to, values.length + values.length / 2));
        }
        long[] newIrregular = irregular;
        int words = (newValues.length + 63) >>> 6;
        if (words > irregular.length) {
            newIrregular = Arrays.copyOf(irregular, words);
        }
        for (int ordinal = limit; ordinal < to; ordinal++) {
            newValues[ordinal] = Double.NaN;
            IndexedRecord record = store.at(ordinal);
            if (record == null) {
                continue;
            }
            List<Leaf> leaves = record.leavesAt(path);
            if (leaves.isEmpty()) {
                continue;
            }
            JsonNode value = leaves.get(0).value();
            if (leaves.size() == 1 && value.isNumber()) {
                newValues[ordinal] = value.asDouble();
            } else {
                newIrregular[ordinal >>> 6] |= 1L << ordinal;
            }
        }
        return new NumericColumn(to, newValues, newIrregular);
    }

    /** {@return an estimate of the heap it holds: its two arrays, and its own object} */
    long heapBytes() {
        return 64 + 8L * values.length + 8L * irregular.length;
    }

    /**
     * {@return whether the column holds the record's value (one number, or none)}
     *
     * @param ordinal a record ordinal
     */
    public boolean regular(int ordinal) {
        return ordinal < limit && (irregular[ordinal >>> 6] & (1L << ordinal)) == 0;
    }

    /**
     * {@return its number, or NaN when it has none}
     *
     * @param ordinal a regular record ordinal
     */
    public double value(int ordinal) {
        return values[ordinal];
    }
}
