package io.quarry.core;

import java.util.List;
import java.util.Map;

/** Any 4xx status without a dedicated subclass (405, 409, 410, ...). Never retried. */
public final class ClientErrorException extends ApiException {

    private static final long serialVersionUID = 1L;

    ClientErrorException(
            Endpoint endpoint, int status, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, status, serviceMessage, rawBody, headers);
    }
}
