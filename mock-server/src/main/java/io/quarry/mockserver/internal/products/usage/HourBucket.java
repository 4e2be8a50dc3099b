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
    final ProcessingTimes times = new ProcessingTimes();
    final Map<String, ProcessingTimes> indexTimes = new HashMap<>();
    final Map<Long, Integer> searchesPerSecond = new HashMap<>();

    void count(String index, Iterable<String> statistics) {
        Map<String, Long> perIndex = index == null ? null : indexMap(indexCounts, index, HashMap::new);
        for (String statistic : statistics) {
            counts.merge(statistic, 1L, Long::sum);
            if (perIndex != null) {
                perIndex.merge(statistic, 1L, Long::sum);
            }
        }
    }

    void search(String index, long epochSecond, long elapsedNanos) {
        times.add(elapsedNanos);
        if (index != null) {
            ProcessingTimes perIndex = indexMap(indexTimes, index, ProcessingTimes::new);
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
