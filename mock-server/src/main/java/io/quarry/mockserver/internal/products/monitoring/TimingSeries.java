package io.quarry.mockserver.internal.products.monitoring;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Durations measured from the mock server's own work, averaged per minute over the last 24 hours (at most 1440
 * buckets are kept).
 */
final class TimingSeries {

    static final long BUCKET_MILLIS = Duration.ofMinutes(1).toMillis();
    static final long KEPT_MILLIS = Duration.ofDays(1).toMillis();

    /** One averaged point: bucket start in milliseconds, average in milliseconds. */
    record Point(long timeMillis, long averageMillis) {}

    private final Clock clock;
    private final TreeMap<Long, long[]> buckets = new TreeMap<>();

    TimingSeries(Clock clock) {
        this.clock = clock;
    }

    synchronized void record(long elapsedNanos) {
        long now = clock.millis();
        long[] bucket = buckets.computeIfAbsent(now - Math.floorMod(now, BUCKET_MILLIS), t -> new long[2]);
        bucket[0] += elapsedNanos;
        bucket[1]++;
        buckets.headMap(now - KEPT_MILLIS).clear();
    }

    /** {@return the points of the last 24 hours that have measurements, oldest first} */
    synchronized List<Point> points() {
        List<Point> points = new ArrayList<>();
        long since = clock.millis() - KEPT_MILLIS;
        for (Map.Entry<Long, long[]> e : buckets.tailMap(since).entrySet()) {
            long[] b = e.getValue();
            points.add(new Point(e.getKey(), Math.round(b[0] / (double) b[1] / 1_000_000.0)));
        }
        return points;
    }

    /** {@return the average of every kept measurement in milliseconds, 0 without any} */
    synchronized double averageMillis() {
        long total = 0;
        long count = 0;
        for (long[] b : buckets.values()) {
            total += b[0];
            count += b[1];
        }
        return count == 0 ? 0 : total / (double) count / 1_000_000.0;
    }

    synchronized void clear() {
        buckets.clear();
    }
}
