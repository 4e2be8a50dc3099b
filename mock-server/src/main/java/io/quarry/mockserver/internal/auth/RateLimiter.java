package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.internal.http.ApiException;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code maxQueriesPerIPPerHour}: counts the calls made with a key from one identity (an IP address, or a secured
 * key's userToken) in each clock hour (fixed windows starting on the hour), and answers 429 past the budget.
 */
final class RateLimiter {

    private static final long HOUR_MILLIS = 3_600_000L;

    private final Clock clock;
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private volatile long currentHour = -1;

    RateLimiter(Clock clock) {
        this.clock = clock;
    }

    /**
     * Counts one call.
     *
     * @param keyValue the key carrying the limit
     * @param identity the IP address or user token
     * @param limit the hourly budget, 0 for none
     * @throws ApiException 429 when the call is over the budget
     */
    void count(String keyValue, String identity, int limit) {
        if (limit <= 0) {
            return;
        }
        long hour = clock.millis() / HOUR_MILLIS;
        if (hour != currentHour) {
            synchronized (this) {
                if (hour != currentHour) {
                    counts.clear();
                    currentHour = hour;
                }
            }
        }
        int count = counts.computeIfAbsent(keyValue + '\n' + identity, k -> new AtomicInteger())
                .incrementAndGet();
        if (count > limit) {
            throw new ApiException(
                    429,
                    "Too many requests: this API key allows " + limit
                            + " calls per hour from one IP address or user token");
        }
    }
}
