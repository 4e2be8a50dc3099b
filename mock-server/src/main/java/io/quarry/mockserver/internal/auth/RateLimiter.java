package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.internal.http.ApiException;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code maxQueriesPerIPPerHour}: counts the calls made with a key from one identity (an IP address, or a secured
 * key's userToken) in each clock hour (fixed windows starting on the hour), and answers 429 past the budget. The
 * identities are chosen by callers (a forwarded IP, a user token), so at most {@value #MAX_COUNTED} are counted in
 * an hour, each in a few dozen bytes however long it is; a call from one more is refused with 429 until the hour ends.
 */
final class RateLimiter {

    /** The most key and identity pairs counted in one hour. */
    static final int MAX_COUNTED = 10_000;

    /** Identities longer than this are counted by their digest, so a long user token costs no more room. */
    private static final int LONGEST_KEPT_IDENTITY = 64;

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
     * @throws ApiException 429 when the call is over the budget, or comes from one identity more than are counted
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
        String counted = keyValue
                + '\n'
                + (identity.length() <= LONGEST_KEPT_IDENTITY ? identity : SecuredKeyCache.digest(identity));
        AtomicInteger count = counts.get(counted);
        if (count == null) {
            // concurrent first calls may pass the bound by the handlers running at once, never more
            if (counts.size() >= MAX_COUNTED) {
                throw new ApiException(
                        429,
                        "Too many requests: the mock server counts the calls of rate-limited API keys from at most "
                                + MAX_COUNTED + " IP addresses and user tokens an hour; retry in the next hour");
            }
            count = counts.computeIfAbsent(counted, k -> new AtomicInteger());
        }
        if (count.incrementAndGet() > limit) {
            throw new ApiException(
                    429,
                    "Too many requests: this API key allows " + limit
                            + " calls per hour from one IP address or user token");
        }
    }

    /** {@return how many key and identity pairs are counted this hour} */
    int counted() {
        return counts.size();
    }
}
