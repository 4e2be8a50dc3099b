package io.quarry.mockserver.internal.products.monitoring;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The work one kind of request (searches, or writes) gave each cluster, per minute over the last 24 hours: how
 * many requests the cluster served and the time they took. At most {@value #MAX_CLUSTERS} clusters, 1440
 * minutes each.
 */
final class WorkSeries {

    static final long KEPT_MILLIS = 24 * 3_600_000L;
    static final int MAX_CLUSTERS = Inventory.MAX_SERVERS;

    private final Clock clock;
    /** Cluster, then minute start, then {count, nanoseconds}. */
    private final Map<String, TreeMap<Long, long[]>> byCluster = new HashMap<>();

    WorkSeries(Clock clock) {
        this.clock = clock;
    }

    /**
     * Counts a request served now.
     *
     * @param cluster the cluster that served it
     * @param elapsedNanos how long it took
     */
    synchronized void record(String cluster, long elapsedNanos) {
        long now = clock.millis();
        TreeMap<Long, long[]> minutes = byCluster.get(cluster);
        if (minutes == null) {
            if (byCluster.size() >= MAX_CLUSTERS) {
                return;
            }
            minutes = new TreeMap<>();
            byCluster.put(cluster, minutes);
        }
        long[] minute = minutes.computeIfAbsent(now - Math.floorMod(now, ProbeModel.MINUTE_MILLIS), t -> new long[2]);
        minute[0]++;
        minute[1] += elapsedNanos;
        minutes.headMap(now - KEPT_MILLIS).clear();
    }

    /**
     * {@return what the cluster's work adds to a probe's measure in each minute of a span, in milliseconds: the
     * average time of the minute's requests rounded up (so any request adds at least 1), plus 1 per 100 requests}
     *
     * @param cluster the cluster
     * @param firstMinute the start of the first minute
     * @param minutes how many minutes
     */
    synchronized long[] addedMillis(String cluster, long firstMinute, int minutes) {
        long[] added = new long[minutes];
        TreeMap<Long, long[]> ofCluster = byCluster.get(cluster);
        if (ofCluster == null) {
            return added;
        }
        long end = firstMinute + minutes * ProbeModel.MINUTE_MILLIS;
        for (Map.Entry<Long, long[]> minute : ofCluster.subMap(firstMinute, end).entrySet()) {
            long count = minute.getValue()[0];
            long averageNanos = minute.getValue()[1] / count;
            long averageMillis = (averageNanos + 999_999) / 1_000_000;
            added[(int) ((minute.getKey() - firstMinute) / ProbeModel.MINUTE_MILLIS)] =
                    Math.max(1, averageMillis) + count / 100;
        }
        return added;
    }

    /** {@return the average time of every request kept, in milliseconds, 0 without any} */
    synchronized double averageMillis() {
        long total = 0;
        long count = 0;
        for (TreeMap<Long, long[]> minutes : byCluster.values()) {
            for (long[] minute : minutes.values()) {
                count += minute[0];
                total += minute[1];
            }
        }
        return count == 0 ? 0 : total / (double) count / 1_000_000.0;
    }

    synchronized void clear() {
        byCluster.clear();
    }
}
