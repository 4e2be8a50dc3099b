package io.quarry.core.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for something another thread does, without a fixed sleep: tests assert on the state afterwards. */
public final class Eventually {

    private Eventually() {}

    /**
     * Polls every 10 ms until the condition holds or the time is up.
     *
     * @param condition what to wait for
     * @param atMost    how long to wait at most
     * @throws InterruptedException if interrupted while waiting
     */
    public static void waitUntil(BooleanSupplier condition, Duration atMost) throws InterruptedException {
        long until = System.nanoTime() + atMost.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
    }
}
