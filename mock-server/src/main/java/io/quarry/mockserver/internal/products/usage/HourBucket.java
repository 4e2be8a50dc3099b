package io.quarry.mockserver.internal.products.usage;

import java.util.HashMap;
import java.util.Map;

/**
 * What one clock hour recorded: operation counts for the application and per index, search processing times and
 * searches per second. Bounded: at most {@value #MAX_INDICES} indices and 3600 seconds per hour.
 */
final class HourBucket {

    static final int MAX_INDICES = 1000;

    final Map<String, Long> counts = new HashMap<>();
    final Map<String, Map<String, Long>> indexCounts = new HashMap<>();
    final ProcessingTimes times = new ProcessingTimes(ProcessingTimes.APPLICATION_SAMPLES);
    final Map<String, ProcessingTimes> indexTimes = new HashMap<>();
    final Map<Long, Integer> searchesPerSecond = new HashMap<>();

    /** {@return whether the index got its first entry in this hour} */
    boolean count(String index, Iterable<String> statistics) {
        boolean isNew = index != null && !indexCounts.containsKey(index);
        Map<String, Long> perIndex = index == null ? null : indexMap(indexCounts, index, HashMap::new);
        for (String statistic : statistics) {
            counts.merge(statistic, 1L, Long::sum);
            if (perIndex != null) {
                perIndex.merge(statistic, 1L, Long::sum);
            }
        }
        return isNew && perIndex != null;
    }

    /** Forgets the per-index figures, keeping the application's. */
    int dropIndices() {
        int dropped = indexCounts.size();
        indexCounts.clear();
        indexTimes.clear();
        return dropped;
    }

    void search(String index, long epochSecond, long elapsedNanos) {
        times.add(elapsedNanos);
        if (index != null) {
            ProcessingTimes perIndex =
                    indexMap(indexTimes, index, () -> new ProcessingTimes(ProcessingTimes.INDEX_SAMPLES));
            if (perIndex != null) {
                perIndex.add(elapsedNanos);
            }
        }
        searchesPerSecond.merge(epochSecond, 1, Integer::sum);
    }

    int maxQps() {
        return searchesPerSecond.values().stream()
                .mapToInt(Integer::intValue)
                .max()
                .orElse(0);
    }

    long searches() {
        return searchesPerSecond.values().stream().mapToLong(Integer::longValue).sum();
    }

    private static <T> T indexMap(Map<String, T> map, String index, java.util.function.Supplier<T> create) {
        T existing = map.get(index);
        if (existing == null && map.size() < MAX_INDICES) {
            existing = create.get();
            map.put(index, existing);
        }
        return existing;
    }
}
