package io.quarry.core;

import java.util.List;
import java.util.Map;

/**
 * HTTP 429: a rate limit was exceeded (for example a key's {@code maxQueriesPerIPPerHour}, or the analytics
 * API's 100 calls per minute). Carries the parsed {@code X-RateLimit-*} headers when the service sent them.
 * Not retried, unless the client was configured with {@link ClientConfig.Builder#maxRateLimitWait(java.time.Duration)}
 * or the call has {@link RetryRounds} (the next round then waits at least the 429's {@code Retry-After}); a call
 * still rate limited when its rounds end fails with it.
 */
public final class RateLimitException extends ApiException {

    private static final long serialVersionUID = 1L;

    RateLimitException(Endpoint endpoint, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, 429, serviceMessage, rawBody, headers);
    }
}
