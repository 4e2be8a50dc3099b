package io.quarry.core;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * HTTP 422: the request was well-formed but a field is invalid. The answers API adds a {@code detail} array,
 * exposed by {@link #details()}, and the input it refused, exposed by {@link #received()}.
 */
public final class UnprocessableEntityException extends ApiException {

    private static final long serialVersionUID = 1L;

    private final transient List<ErrorDetail> details;
    private final transient Object received;

    UnprocessableEntityException(
            Endpoint endpoint,
            String serviceMessage,
            String rawBody,
            Map<String, List<String>> headers,
            List<ErrorDetail> details,
            Object received) {
        super(endpoint, 422, serviceMessage, rawBody, headers);
        this.details = List.copyOf(details);
        this.received = received;
    }

    /**
     * The {@code received} member of the answer: the input the service refused, as plain JSON values (String,
     * Number, Boolean, List, Map).
     *
     * @return the input, empty when the service sent none (or sent null)
     */
    public Optional<Object> received() {
        return Optional.ofNullable(received);
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
