package io.quarry.core.internal;

import java.time.Duration;

/** Durations as nanosecond counts that cannot overflow: the longest count (about 292 years) stands for any longer. */
final class Nanos {

    private Nanos() {}

    /**
     * {@return the duration in nanoseconds, {@code Long.MAX_VALUE} for one of 292 years or more}
     *
     * @param d a duration, not negative
     */
    static long of(Duration d) {
        return d.getSeconds() >= Long.MAX_VALUE / 1_000_000_000L ? Long.MAX_VALUE : d.toNanos();
    }

    /**
     * {@return {@code a + b}, or {@code Long.MAX_VALUE} where that overflows}
     *
     * @param a a count
     * @param b another, not negative
     */
    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
