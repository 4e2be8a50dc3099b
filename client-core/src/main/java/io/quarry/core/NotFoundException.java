package io.quarry.core;

import java.util.List;
import java.util.Map;

/** HTTP 404: the index, record, key or other resource does not exist. */
public final class NotFoundException extends ApiException {

    private static final long serialVersionUID = 1L;

    NotFoundException(Endpoint endpoint, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, 404, serviceMessage, rawBody, headers);
    }
}
