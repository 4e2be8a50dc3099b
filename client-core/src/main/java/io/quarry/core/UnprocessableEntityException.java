package io.quarry.core;

import java.util.List;
import java.util.Map;

/**
 * HTTP 422: the request was well-formed but a field is invalid. The answers API adds a {@code detail} array,
 * exposed by {@link #details()}.
 */
public final class UnprocessableEntityException extends ApiException {

    private static final long serialVersionUID = 1L;

    private final transient List<ErrorDetail> details;

    UnprocessableEntityException(
            Endpoint endpoint,
            String serviceMessage,
            String rawBody,
            Map<String, List<String>> headers,
            List<ErrorDetail> details) {
        super(endpoint, 422, serviceMessage, rawBody, headers);
        this.details = List.copyOf(details);
    }

    /**
     * The {@code detail} entries of the answer; empty when the service sent none.
     *
     * @return the details
     */
    public List<ErrorDetail> details() {
        return details;
    }
}
