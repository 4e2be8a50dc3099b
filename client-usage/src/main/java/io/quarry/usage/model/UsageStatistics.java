package io.quarry.usage.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The answer of a usage request: one series per statistic that has data in the range (statistics without data
 * are left out, so an empty answer means nothing was recorded).
 *
 * @param byName statistic name to its points, oldest first
 */
public record UsageStatistics(Map<String, List<UsagePoint>> byName) {

    /**
     * Copies the map; a missing one is empty, so is a {@code null} series, and {@code null} points are left out.
     *
     * @param byName see the record description
     */
    public UsageStatistics {
        Map<String, List<UsagePoint>> copy = new LinkedHashMap<>();
        if (byName != null) {
            byName.forEach((name, points) -> {
                if (name != null) {
                    copy.put(
                            name,
                            points == null
                                    ? List.of()
                                    : points.stream().filter(Objects::nonNull).toList());
                }
            });
        }
        byName = Collections.unmodifiableMap(copy);
    }

    /**
     * {@return its points, empty when the answer has none}
     *
     * @param statistic a statistic (not a grouping)
     */
    public List<UsagePoint> forStatistic(Statistic statistic) {
        Objects.requireNonNull(statistic, "statistic");
        List<UsagePoint> points = byName.get(statistic.name());
        return points == null ? List.of() : points;
    }

    /**
     * {@return the sum of its points (per-server values summed too), 0 without data}
     *
     * @param statistic a statistic whose points are counts
     */
    public long total(Statistic statistic) {
        return forStatistic(statistic).stream().mapToLong(UsagePoint::total).sum();
    }

    /** {@return the statistics the answer has data for, as typed values} */
    public List<Statistic> statistics() {
        return byName.keySet().stream().map(Statistic::of).toList();
    }
}
