package io.quarry.mockserver.internal.products.usage;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Search processing times: exact count, sum and slow-query count, and a uniform sample of a bounded number of
 * durations (reservoir sampling) for the percentiles.
 */
final class ProcessingTimes {

    /** Samples kept for the whole application in one hour. */
    static final int APPLICATION_SAMPLES = 256;
    /** Samples kept for one index in one hour. */
    static final int INDEX_SAMPLES = 32;

    static final long SLOW_NANOS = 1_000_000_000L;

    private final SplittableRandom random = new SplittableRandom(42);
    private final int capacity;
    private long[] samples = new long[0];
    private int size;
    private long count;
    private long sumNanos;
    private long slow;

    /** @param capacity the most samples kept */
    ProcessingTimes(int capacity) {
        this.capacity = capacity;
    }

    void add(long nanos) {
        count++;
        sumNanos += nanos;
        if (nanos >= SLOW_NANOS) {
            slow++;
        }
        if (size < capacity) {
            append(nanos);
        } else {
            long slot = random.nextLong(count);
            if (slot < capacity) {
                samples[(int) slot] = nanos;
            }
        }
    }

    /** Adds another bucket's figures to these (for daily points; this one's capacity must hold them). */
    void addAll(ProcessingTimes other) {
        count += other.count;
        sumNanos += other.sumNanos;
        slow += other.slow;
        for (int i = 0; i < other.size && size < capacity; i++) {
            append(other.samples[i]);
        }
    }

    private void append(long nanos) {
        if (size == samples.length) {
            samples = Arrays.copyOf(samples, Math.min(capacity, Math.max(8, size * 2)));
        }
        samples[size++] = nanos;
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

    /** {@return the percentile of the sampled durations in whole milliseconds (nearest rank)} */
    long percentileMillis(int percent) {
        if (size == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(samples, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return Math.round(sorted[Math.max(0, rank - 1)] / 1_000_000.0);
    }
}
