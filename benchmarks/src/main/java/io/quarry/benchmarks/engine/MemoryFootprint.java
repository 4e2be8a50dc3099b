package io.quarry.benchmarks.engine;

import io.quarry.mockserver.engine.IndexData;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * Memory of the engine per {@code N} records (default 100k): heap used after full collections, before and
 * after loading an index, with the JSON input dropped so that only what the index keeps is counted (the
 * records, as the compact bytes it keeps them in, and its inverted index).
 *
 * <p>{@code java -Xmx3g -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar
 * io.quarry.benchmarks.engine.MemoryFootprint 100000}; for 1M records, {@code -Xmx8g} (the JSON trees of the
 * input alone take 1.1 GB).
 */
public final class MemoryFootprint {

    private MemoryFootprint() {}

    /**
     * Prints the heap the index holds.
     *
     * @param args the record count (optional)
     */
    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long before = usedAfterGc(memory);
        List<ObjectNode> records = EngineData.records(count);
        long inputOnly = usedAfterGc(memory) - before;
        IndexData data = new IndexData();
        EngineData.load(data, records);
        records = null;
        long after = usedAfterGc(memory);
        long held = after - before;
        System.out.printf(Locale.ROOT, "records: %d%n", data.size());
        System.out.printf(
                Locale.ROOT, "JSON size of the records (IndexData.dataSize): %.1f MB%n", data.dataSize() / 1e6);
        System.out.printf(Locale.ROOT, "heap of the records as JSON trees alone: %.1f MB%n", inputOnly / 1e6);
        System.out.printf(
                Locale.ROOT,
                "heap held by the loaded index: %.1f MB (%d bytes per record)%n",
                held / 1e6,
                held / Math.max(1, count));
        // The index keeps records as compact bytes, so it may hold less than the trees it was given.
        System.out.printf(
                Locale.ROOT, "  held by the index minus the input trees: %.1f MB%n", (held - inputOnly) / 1e6);
        if (data.size() != count) {
            throw new IllegalStateException("loaded " + data.size() + " records, expected " + count);
        }
    }

    private static long usedAfterGc(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
