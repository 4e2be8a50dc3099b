package io.quarry.mockserver.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits for something another thread does, on a condition, never on the clock alone: a test names what it waits
 * for, and fails with that name when it does not happen in time. The one place the mock server's tests poll
 * (the mock server shares no code with the clients, test code included, so it has its own).
 *
 * <pre>{@code
 * Eventually.waitUntil("the second request to reach the server", () -> server.requests() == 2);
 * }</pre>
 *
 * <p>Fails with {@code waited 30 s for the second request to reach the server}. "Nothing more happened" is not a
 * condition to wait for: prove it by a count or a latch after a later event that did happen.
 */
public final class Eventually {

    /**
     * How long {@link #waitUntil(String, BooleanSupplier)} waits: only a hang reaches it, since what the tests wait
     * for takes milliseconds alone and seconds on a machine loaded twenty times over its cores.
     */
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(30);

    private static final long POLL_MILLIS = 10;

    private Eventually() {}

    /**
     * Waits up to {@link #DEFAULT_LIMIT} until the condition holds.
     *
     * @param what      what is awaited, read after "waited 30 s for", e.g. {@code "the request to reach the server"}
     * @param condition whether it has happened; called on this thread, again and again
     * @throws AssertionError       when the condition still does not hold after the limit
     * @throws InterruptedException if interrupted while waiting
     */
    public static void waitUntil(String what, BooleanSupplier condition) throws InterruptedException {
        waitUntil(what, condition, DEFAULT_LIMIT);
    }

    /**
     * Waits until the condition holds, checking it every 10 ms, and once more at the limit.
     *
     * @param what      what is awaited, read after "waited 30 s for", e.g. {@code "the request to reach the server"}
     * @param condition whether it has happened; called on this thread, again and again
     * @param atMost    how long to wait at most
     * @throws AssertionError       when the condition still does not hold after {@code atMost}
     * @throws InterruptedException if interrupted while waiting
     */
    public static void waitUntil(String what, BooleanSupplier condition, Duration atMost) throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (!condition.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("waited " + describe(atMost) + " for " + what);
            }
            Thread.sleep(Math.max(1, Math.min(POLL_MILLIS, left / 1_000_000)));
        }
    }

    /** {@return the duration as a person reads it: whole seconds as "10 s", anything else in milliseconds} */
    private static String describe(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
