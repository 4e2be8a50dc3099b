package io.quarry.core;

import java.util.List;
import java.util.Map;

/** HTTP 401: credentials missing or wrong, or the feature is not enabled for the application. */
public final class UnauthorizedException extends ApiException {

    private static final long serialVersionUID = 1L;

    UnauthorizedException(Endpoint endpoint, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, 401, serviceMessage, rawBody, headers);
    }
}
