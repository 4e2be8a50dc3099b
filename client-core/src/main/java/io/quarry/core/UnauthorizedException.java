package io.quarry.core;

import java.util.List;
import java.util.Map;

/**
 * HTTP 401: credentials missing or wrong, or the feature is not enabled for the application. The insights,
 * personalization, answers and query-suggestions APIs answer a wrong application ID or key this way (and a key
 * lacking a right), as the crawler API answers a wrong crawler user ID or key; the search, analytics, monitoring
 * and usage APIs answer a wrong key with a {@link ForbiddenException}.
 */
public final class UnauthorizedException extends ApiException {

    private static final long serialVersionUID = 1L;

    UnauthorizedException(Endpoint endpoint, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, 401, serviceMessage, rawBody, headers);
    }
}
