package io.quarry.core;

import java.util.List;
import java.util.Map;

/** HTTP 400: invalid JSON, index name or argument. */
public final class BadRequestException extends ApiException {

    private static final long serialVersionUID = 1L;

    BadRequestException(Endpoint endpoint, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, 400, serviceMessage, rawBody, headers);
    }
}
