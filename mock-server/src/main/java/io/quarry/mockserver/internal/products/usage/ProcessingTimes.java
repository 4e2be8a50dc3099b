package io.quarry.mockserver.internal.products.usage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Search processing times: exact count, sum and slow-query count, and a uniform sample of at most
 * {@value #MAX_SAMPLES} durations (reservoir sampling) for the percentiles.
 */
final class ProcessingTimes {

    static final int MAX_SAMPLES = 1024;
    static final long SLOW_NANOS = 1_000_000_000L;

    private final SplittableRandom random = new SplittableRandom(42);
    private final List<Long> samples = new ArrayList<>();
    private long count;
    private long sumNanos;
    private long slow;

    void add(long nanos) {
        count++;
        sumNanos += nanos;
        if (nanos >= SLOW_NANOS) {
            slow++;
        }
        if (samples.size() < MAX_SAMPLES) {
            samples.add(nanos);
        } else {
            long slot = random.nextLong(count);
            if (slot < MAX_SAMPLES) {
                samples.set((int) slot, nanos);
            }
        }
    }

    /** Adds another bucket's figures to these (for daily points). */
    void addAll(ProcessingTimes other) {
        count += other.count;
        sumNanos += other.sumNanos;
        slow += other.slow;
        for (long sample : other.samples) {
            if (samples.size() < MAX_SAMPLES * 24) {
                samples.add(sample);
            }
        }
    }

    long count() {
        return count;
    }

    long slow() {
        return slow;
    }

    long averageMillis() {
        return count == 0 ? 0 : Math.round(sumNanos / (double) count / 1_000_000.0);
    }

    /** @return the percentile of the sampled durations in whole milliseconds (nearest rank) */
    long percentileMillis(int percent) {
        if (samples.isEmpty()) {
            return 0;
        }
        long[] sorted = samples.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return Math.round(sorted[Math.max(0, rank - 1)] / 1_000_000.0);
    }
}
