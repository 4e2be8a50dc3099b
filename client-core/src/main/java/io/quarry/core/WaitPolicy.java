package io.quarry.core;

import java.time.Duration;
import java.util.Objects;

/**
 * How the {@code waitFor...} helpers poll: a bounded number of attempts, sleeping between them for a delay that
 * starts at {@code initialDelay} and grows by {@code multiplier} up to {@code maxDelay}. When the attempts run
 * out the helper throws {@link WaitTimeoutException}; the operation may still complete later. A poll that every host
 * failed ({@link UnreachableHostsException}) counts as an attempt that found the operation not yet done, until the
 * wait has lasted as long as the delays add up to; the wait then ends with that failure.
 *
 * @param maxAttempts  attempts before giving up, at least 1
 * @param initialDelay sleep after the first attempt
 * @param maxDelay     longest sleep
 * @param multiplier   growth of the sleep, at least 1
 */
public record WaitPolicy(int maxAttempts, Duration initialDelay, Duration maxDelay, double multiplier) {

    private static final WaitPolicy DEFAULTS = new WaitPolicy(50, Duration.ofMillis(50), Duration.ofSeconds(5), 1.5);

    /**
     * Validates the values.
     *
     * @param maxAttempts  attempts before giving up, at least 1
     * @param initialDelay sleep after the first attempt
     * @param maxDelay     longest sleep
     * @param multiplier   growth of the sleep, at least 1
     */
    public WaitPolicy {
        Objects.requireNonNull(initialDelay, "initialDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
        if (initialDelay.isNegative() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("delays must satisfy 0 <= initialDelay <= maxDelay");
        }
        if (!(multiplier >= 1.0)) {
            throw new IllegalArgumentException("multiplier must be at least 1");
        }
    }

    /**
     * The default: 50 attempts, 50 ms growing by 1.5x up to 5 s (about three and a half minutes in all).
     *
     * @return the default policy
     */
    public static WaitPolicy of() {
        return DEFAULTS;
    }

    /**
     * Sets {@code withMaxAttempts}: attempts before giving up.
     *
     * @param attempts attempts before giving up
     * @return a copy
     */
    public WaitPolicy withMaxAttempts(int attempts) {
        return new WaitPolicy(attempts, initialDelay, maxDelay, multiplier);
    }

    /**
     * The sleep after an attempt.
     *
     * @param attempt the zero-based attempt that just failed
     * @return the delay
     */
    public Duration delayAfter(int attempt) {
        // in double milliseconds: toMillis() overflows on the longest durations ("no limit")
        double millis = (initialDelay.getSeconds() * 1e3 + initialDelay.getNano() / 1e6)
                * Math.pow(multiplier, Math.min(attempt, 64));
        if (millis >= Long.MAX_VALUE) {
            return maxDelay;
        }
        Duration grown = Duration.ofMillis((long) millis);
        return grown.compareTo(maxDelay) > 0 ? maxDelay : grown;
    }
}
