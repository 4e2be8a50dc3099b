package io.quarry.mockserver.internal.products.usage;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The recorded usage, one bucket per clock hour of the server's clock; buckets older than 400 days are dropped,
 * so at most 9,600 are kept. Per-index figures are kept for at most {@value #MAX_INDEX_HOURS} index-hours, the
 * oldest hours losing theirs first (their application figures stay).
 */
final class UsageRecorder {

    static final long HOUR_MILLIS = Duration.ofHours(1).toMillis();
    static final long KEPT_MILLIS = Duration.ofDays(400).toMillis();
    static final int MAX_INDEX_HOURS = 20_000;

    private final Clock clock;
    private final TreeMap<Long, HourBucket> hours = new TreeMap<>();
    private int indexHours;

    UsageRecorder(Clock clock) {
        this.clock = clock;
    }

    /**
     * Records one answered operation.
     *
     * @param index the index it concerned, or {@code null}
     * @param statistics the statistics it adds one to
     * @param searchNanos its processing time when it was a search, else a negative value
     */
    synchronized void record(String index, List<String> statistics, long searchNanos) {
        long now = clock.millis();
        HourBucket bucket = hours.computeIfAbsent(Math.floorDiv(now, HOUR_MILLIS) * HOUR_MILLIS, t -> new HourBucket());
        if (bucket.count(index, statistics)) {
            indexHours++;
        }
        if (searchNanos >= 0) {
            bucket.search(index, Math.floorDiv(now, 1000), searchNanos);
        }
        Map<Long, HourBucket> expired = hours.headMap(now - KEPT_MILLIS);
        expired.values().forEach(old -> indexHours -= old.dropIndices());
        expired.clear();
        for (HourBucket oldest : hours.values()) {
            if (indexHours <= MAX_INDEX_HOURS) {
                break;
            }
            indexHours -= oldest.dropIndices();
        }
    }

    /**
     * {@return what a read makes of the hour buckets with data inside a span}: it runs under the recorder's lock,
     * since requests answered meanwhile change the buckets
     *
     * @param fromMillis start of a point, inclusive
     * @param toMillis end of a point, exclusive
     * @param read reads the buckets (and keeps no reference to them)
     * @param <T> what it makes of them
     */
    synchronized <T> T read(long fromMillis, long toMillis, Function<List<HourBucket>, T> read) {
        return read.apply(new ArrayList<>(hours.subMap(fromMillis, toMillis).values()));
    }

    synchronized void clear() {
        hours.clear();
        indexHours = 0;
    }
}
