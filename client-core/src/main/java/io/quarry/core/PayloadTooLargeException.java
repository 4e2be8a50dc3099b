package io.quarry.core;

import java.util.List;
import java.util.Map;

/** HTTP 413: the request body is above the service limit (for example a dictionary batch above 10MB). */
public final class PayloadTooLargeException extends ApiException {

    private static final long serialVersionUID = 1L;

    PayloadTooLargeException(
            Endpoint endpoint, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, 413, serviceMessage, rawBody, headers);
    }
}
