package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.Leaf;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Reads sortable values out of records, for customRanking and asc()/desc() ranking criteria. */
public final class AttributeValues {

    private AttributeValues() {}

    /**
     * {@return the first scalar value there as a Double (numbers and booleans) or a String, or {@code null}}
     *
     * @param record a record
     * @param path a dotted attribute path
     */
    public static Comparable<?> sortValue(IndexedRecord record, String path) {
        List<Leaf> leaves = record.leavesAt(path);
        if (leaves.isEmpty()) {
            return null;
        }
        JsonNode value = leaves.get(0).value();
        if (value.isNumber()) {
            return value.asDouble();
        }
        if (value.isBoolean()) {
            return value.asBoolean() ? 1.0 : 0.0;
        }
        return value.asString();
    }

    /**
     * Compares two sort values: missing values always come last, numbers before strings.
     *
     * @param a a value or null
     * @param b a value or null
     * @param descending whether larger values come first
     * @return the comparison
     */
    public static int compare(Comparable<?> a, Comparable<?> b, boolean descending) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : 1) : -1;
        }
        int result;
        if (a instanceof Double x && b instanceof Double y) {
            result = Double.compare(x, y);
        } else if (a instanceof String x && b instanceof String y) {
            result = x.compareTo(y);
        } else {
            return a instanceof Double ? -1 : 1;
        }
        return descending ? -result : result;
    }
}
