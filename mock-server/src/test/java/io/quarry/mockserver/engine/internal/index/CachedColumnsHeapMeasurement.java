package io.quarry.mockserver.engine.internal.index;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What {@link CachedColumnsHeapTest} measures, run as a JVM of its own so that the heap it reads holds nothing but
 * its own records and columns, and its full collections stop no other test. Prints one line: the columns built, the
 * estimate of their bytes, the bytes they retain, the records, and the records the numeric order holds.
 */
final class CachedColumnsHeapMeasurement {

    static final int ATTRIBUTES = 20;

    private CachedColumnsHeapMeasurement() {}

    public static void main(String[] args) {
        RecordStore store = new RecordStore();
        for (int i = 0; store.heapBytes() < (16L << 20); i++) {
            ObjectNode record = JsonNodeFactory.instance.objectNode().put("objectID", "r" + i);
            record.put("n", i % 1000);
            for (int k = 0; k < ATTRIBUTES; k++) {
                record.put("a" + k, word(i % 40) + " " + word(i / 40 % 40) + " " + word(i / 1600 % 40) + " " + word(k));
            }
            store.put(record);
        }
        long before = retainedHeap();

        List<Object> built = new ArrayList<>();
        long estimate = 0;
        for (int k = 0; k < ATTRIBUTES; k++) {
            FacetColumn column = FacetColumn.build(store, "a" + k);
            column.idsOfText("x"); // builds its lookup, as a filter does
            built.add(column);
            estimate += column.heapBytes();
        }
        NumericColumn numbers = NumericColumn.build(store, "n");
        built.add(numbers);
        estimate += numbers.heapBytes();
        long measured = retainedHeap() - before;

        int sorted = store.sortedOrdinals("n", Comparator.comparing(IndexedRecord::objectID)).length;
        System.out.println(built.size() + " " + estimate + " " + measured + " " + store.size() + " " + sorted);
    }

    private static String word(int j) {
        return "word" + (char) ('a' + j / 26) + (char) ('a' + j % 26);
    }

    private static long retainedHeap() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            memory.gc();
            least = Math.min(least, memory.getHeapMemoryUsage().getUsed());
        }
        return least;
    }
}
