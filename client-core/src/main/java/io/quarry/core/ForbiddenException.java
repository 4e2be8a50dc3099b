package io.quarry.core;

import java.util.List;
import java.util.Map;

/** HTTP 403: the key lacks a right, or a quota is exceeded. */
public final class ForbiddenException extends ApiException {

    private static final long serialVersionUID = 1L;

    ForbiddenException(Endpoint endpoint, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, 403, serviceMessage, rawBody, headers);
    }
}
