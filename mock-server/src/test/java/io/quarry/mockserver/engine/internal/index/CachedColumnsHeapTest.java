package io.quarry.mockserver.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The estimate of the columns searches build, against the heap they really retain after a collection: over the
 * records a 16 MB budget holds (a 32 MB heap's), every attribute faceted and filtered on, its numbers sorted. The
 * estimate may be above the heap (the budget then refuses a little early) but never far below it. Alone: it reads
 * the whole JVM's heap.
 */
@Isolated
class CachedColumnsHeapTest {

    private static final int ATTRIBUTES = 20;

    @Test
    void theEstimateOfAFullBudgetsColumnsCoversTheHeapTheyRetain() {
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

        assertThat(built).hasSize(ATTRIBUTES + 1);
        assertThat((double) estimate / measured)
                .as("estimate %d bytes, retained %d bytes, over %d records", estimate, measured, store.size())
                .isBetween(0.95, 1.6);
        assertThat(store.sortedOrdinals("n", Comparator.comparing(IndexedRecord::objectID)))
                .hasSize(store.size());
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
