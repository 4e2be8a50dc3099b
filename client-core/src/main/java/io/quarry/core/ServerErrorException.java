package io.quarry.core;

import java.util.List;
import java.util.Map;

/**
 * A 5xx status. The call is retried on the remaining hosts; when all fail, this appears as an attempt error
 * (and the cause) of the {@link UnreachableHostsException}.
 */
public final class ServerErrorException extends ApiException {

    private static final long serialVersionUID = 1L;

    ServerErrorException(
            Endpoint endpoint, int status, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, status, serviceMessage, rawBody, headers);
    }
}
