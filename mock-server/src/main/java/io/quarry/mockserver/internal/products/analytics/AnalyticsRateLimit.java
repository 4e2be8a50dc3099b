package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;

/**
 * The analytics API's limit of {@value #LIMIT} calls a minute per application, in fixed minutes of the server's
 * clock. Every answer carries {@code X-RateLimit-Limit}, {@code X-RateLimit-Remaining} and
 * {@code X-RateLimit-Reset} (the Unix second the next minute starts); a call past the limit is a 429. The calls
 * counted are those the API's handlers answer (their own 400s and 404s included); a request refused before one runs
 * (its credentials or rights, a path or method the API does not have) is not counted, and carries the headers as
 * they stand ({@link #current()}), so no caller without the key can use up the application's minute.
 */
final class AnalyticsRateLimit {

    static final int LIMIT = 100;
    private static final long WINDOW_MILLIS = 60_000;

    private final Clock clock;
    private long window = -1;
    private int used;

    AnalyticsRateLimit(Clock clock) {
        this.clock = clock;
    }

    /**
     * Counts the call, then answers it (or refuses it past the limit), with the headers either way.
     *
     * @param request the request
     * @param handler what answers it within the limit
     * @return the answer with the rate-limit headers
     */
    Response answer(Request request, Function<Request, Response> handler) {
        long now = clock.millis();
        int remaining;
        long currentWindow;
        boolean allowed;
        synchronized (this) {
            currentWindow = Math.floorDiv(now, WINDOW_MILLIS);
            if (currentWindow != window) {
                window = currentWindow;
                used = 0;
            }
            allowed = used < LIMIT;
            if (allowed) {
                used++;
            }
            remaining = LIMIT - used;
        }
        Map<String, String> headers = headers(currentWindow, remaining);
        if (!allowed) {
            return Response.error(429, "Too many requests: the limit is " + LIMIT + " analytics calls a minute")
                    .withHeaders(headers);
        }
        try {
            return handler.apply(request).withHeaders(headers);
        } catch (ApiException e) {
            return Response.error(e.status(), e.getMessage()).withHeaders(headers);
        }
    }

    /** {@return the headers of the minute as it stands, counting no call: those of an answer refused before a handler} */
    Map<String, String> current() {
        long currentWindow = Math.floorDiv(clock.millis(), WINDOW_MILLIS);
        int remaining;
        synchronized (this) {
            remaining = currentWindow == window ? LIMIT - used : LIMIT;
        }
        return headers(currentWindow, remaining);
    }

    private static Map<String, String> headers(long window, int remaining) {
        return Map.of(
                "X-RateLimit-Limit", String.valueOf(LIMIT),
                "X-RateLimit-Remaining", String.valueOf(remaining),
                "X-RateLimit-Reset", String.valueOf((window + 1) * WINDOW_MILLIS / 1000));
    }

    synchronized void reset() {
        window = -1;
        used = 0;
    }
}
