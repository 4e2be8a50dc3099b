package io.quarry.core;

import java.util.List;
import java.util.Map;

/**
 * A status the service never answers with: a redirection (3xx) or an informational status, typically from a
 * proxy or portal between the client and the service. Redirections are not followed. The host is treated as
 * failing: reads (and writes safe to repeat) are retried on the other hosts, so this usually reaches the caller
 * as an attempt error of an {@link UnreachableHostsException}.
 */
public final class UnexpectedStatusException extends ApiException {

    private static final long serialVersionUID = 1L;

    UnexpectedStatusException(
            Endpoint endpoint, int status, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, status, serviceMessage, rawBody, headers);
    }
}
