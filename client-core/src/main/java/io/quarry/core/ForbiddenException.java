package io.quarry.core;

import java.util.List;
import java.util.Map;

/**
 * HTTP 403: a wrong application ID or key on the search, analytics, monitoring and usage APIs, a key lacking a right
 * or an index, a secured key's restriction, or a quota exceeded; on the crawler API, a crawler that does not exist
 * or that the credentials may not see. The other APIs answer a wrong key with an {@link UnauthorizedException}.
 */
public final class ForbiddenException extends ApiException {

    private static final long serialVersionUID = 1L;

    ForbiddenException(Endpoint endpoint, String serviceMessage, String rawBody, Map<String, List<String>> headers) {
        super(endpoint, 403, serviceMessage, rawBody, headers);
    }
}
