package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.http.Response;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

/**
 * The URL-crawl calls one crawler made in the last 24 hours, of which {@value #PER_DAY} are allowed. Guarded by its
 * crawler's lock.
 */
final class DailyUrlCrawls {

    /** URL-crawl calls allowed per crawler in any 24 hours. */
    static final int PER_DAY = 200;

    private static final long DAY_MILLIS = 24L * 60 * 60 * 1000;

    /** When each counted call was made, oldest first: at most {@value #PER_DAY}. */
    private final Deque<Long> calls = new ArrayDeque<>();

    /**
     * Forgets the calls that left the 24 hours, and checks that one more call is allowed now.
     *
     * @param now the time
     * @throws LimitReached when {@value #PER_DAY} calls were made in the 24 hours before {@code now}
     */
    void requireRoom(long now) {
        while (!calls.isEmpty() && calls.peekFirst() <= now - DAY_MILLIS) {
            calls.pollFirst();
        }
        if (calls.size() >= PER_DAY) {
            throw new LimitReached(calls.peekFirst() + DAY_MILLIS - now);
        }
    }

    /**
     * Counts a call that started.
     *
     * @param now the time, that given to {@link #requireRoom}
     */
    void count(long now) {
        calls.addLast(now);
    }

    /** The daily limit refused a call: a 429 saying when the oldest counted call leaves the 24 hours. */
    static final class LimitReached extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final long retryAfterSeconds;

        /** @param waitMillis how long until a call is allowed again */
        LimitReached(long waitMillis) {
            super(null, null, false, false);
            // whole seconds, rounded up: a client waiting that long is not refused again
            this.retryAfterSeconds = Math.max(1, (waitMillis + 999) / 1000);
        }

        /** {@return the answer: a 429 with {@code Retry-After} in seconds} */
        Response answer() {
            return Response.error(
                            429,
                            "Too many URL crawls: at most " + PER_DAY + " calls per 24 hours per crawler; the next"
                                    + " is allowed in " + retryAfterSeconds + " seconds")
                    .withHeaders(Map.of("Retry-After", String.valueOf(retryAfterSeconds)));
        }
    }
}
