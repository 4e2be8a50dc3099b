package io.quarry.benchmarks.client;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * The bytes the live platform threads have allocated since a snapshot. A virtual thread allocates in its
 * carrier's buffer, so its allocation is counted on the carrier (the JVM keeps no counter for a virtual thread
 * itself). A thread started after the snapshot counts from zero; one that ended before the reading is not counted
 * at all, so callers measured this way must outlive the reading.
 */
final class AllocatedBytes {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final Map<Long, Long> before;

    private AllocatedBytes(Map<Long, Long> before) {
        this.before = before;
    }

    /** {@return every live thread's counter now} */
    static AllocatedBytes snapshot() {
        return new AllocatedBytes(counters());
    }

    /** {@return the bytes allocated since the snapshot by the threads alive now} */
    long since() {
        long total = 0;
        for (Map.Entry<Long, Long> thread : counters().entrySet()) {
            total += thread.getValue() - before.getOrDefault(thread.getKey(), 0L);
        }
        return total;
    }

    private static Map<Long, Long> counters() {
        long[] ids = THREADS.getAllThreadIds();
        long[] bytes = THREADS.getThreadAllocatedBytes(ids);
        Map<Long, Long> counters = new HashMap<>(ids.length * 2);
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] >= 0) { // -1: the thread ended in between
                counters.put(ids[i], bytes[i]);
            }
        }
        return counters;
    }
}
