package io.quarry.mockserver.engine.internal.index;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The values of one attribute for every record, by ordinal, for the common case of one number per record: numeric
 * filters and sorts read an array instead of each record's own structures. Records holding several values or a
 * non-number there are "irregular" and must be read from the record itself.
 */
public final class NumericColumn {

    private final double[] values;
    private final BitSet irregular;

    private NumericColumn(double[] values, BitSet irregular) {
        this.values = values;
        this.irregular = irregular;
    }

    static NumericColumn build(RecordStore store, String path) {
        int limit = store.ordinalLimit();
        double[] values = new double[limit];
        Arrays.fill(values, Double.NaN);
        BitSet irregular = new BitSet();
        for (int ordinal = 0; ordinal < limit; ordinal++) {
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
                values[ordinal] = value.asDouble();
            } else {
                irregular.set(ordinal);
            }
        }
        return new NumericColumn(values, irregular);
    }

    /**
     * @param ordinal a record ordinal
     * @return whether the column holds the record's value (one number, or none)
     */
    public boolean regular(int ordinal) {
        return ordinal < values.length && !irregular.get(ordinal);
    }

    /**
     * @param ordinal a regular record ordinal
     * @return its number, or NaN when it has none
     */
    public double value(int ordinal) {
        return values[ordinal];
    }
}
