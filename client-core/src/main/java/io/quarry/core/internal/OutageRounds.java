package io.quarry.core.internal;

import io.quarry.core.RetryRounds;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * The rounds of one call under a {@link RetryRounds} policy: whether another round starts once every host failed
 * the last one, and after which wait. Made only when a call's first round failed, so a call that succeeds pays
 * nothing for it. No HTTP inside; time comes from a nanosecond clock and the jitter from a random source, both
 * given. Used by one thread at a time.
 */
public final class OutageRounds {

    /** What {@link #nextWait} answers when no further round starts. */
    public static final long NO_ROUND = -1;

    private final RetryRounds policy;
    private final long startNanos;
    private final LongSupplier nanoTime;
    private final DoubleSupplier random;
    private int round = 1;

    /**
     * @param policy     the call's policy
     * @param startNanos when the call started, in {@code nanoTime} terms
     * @param nanoTime   the clock, such as {@link System#nanoTime()}
     * @param random     a source of numbers in [0, 1) for the jitter
     */
    public OutageRounds(RetryRounds policy, long startNanos, LongSupplier nanoTime, DoubleSupplier random) {
        this.policy = policy;
        this.startNanos = startNanos;
        this.nanoTime = nanoTime;
        this.random = random;
    }

    /** {@return the round under way, from 1} */
    public int round() {
        return round;
    }

    /**
     * Every host failed the round under way: decides whether the next one starts, and moves to it if so. The wait
     * is the backoff of this round (its base doubling from the policy's first wait up to its longest, less a random
     * part of up to half), at least what the hosts asked for; no round starts once the policy's rounds are used up,
     * past its budget, or when the wait would reach the call's deadline.
     *
     * @param askedNanos     the longest wait a host of this round asked for ({@code Retry-After}), or 0
     * @param deadlineNanos  the call's deadline, in {@code nanoTime} terms
     * @return the wait in nanoseconds before the next round, or {@link #NO_ROUND}
     */
    public long nextWait(long askedNanos, long deadlineNanos) {
        if (round >= policy.maxRounds()) {
            return NO_ROUND;
        }
        long wait = Math.max(backoff(round), askedNanos);
        long now = nanoTime.getAsLong();
        // compared as spans from now, which cannot overflow where an instant past the deadline could
        if (wait > Nanos.of(policy.budget()) - (now - startNanos) || wait >= deadlineNanos - now) {
            return NO_ROUND;
        }
        round++;
        return wait;
    }

    /** The wait after round {@code n}: half of its base for sure, the other half at random. */
    private long backoff(int n) {
        long first = Nanos.of(policy.firstWait());
        long max = Nanos.of(policy.maxWait());
        // doubling n - 1 times, without overflow: past 62 doublings anything is beyond max
        long base = n - 1 >= 62 || first > (max >> (n - 1)) ? max : first << (n - 1);
        base = Math.min(base, max);
        long half = base / 2;
        return base - half + (long) (random.getAsDouble() * half);
    }
}
