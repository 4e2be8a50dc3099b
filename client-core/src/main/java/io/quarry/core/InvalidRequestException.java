package io.quarry.core;

/**
 * A request was rejected before any I/O: an empty, {@code .} or {@code ..} path segment, a missing or
 * unknown path parameter, or a body that cannot be serialised as JSON (one holding a NaN or an infinity, which JSON
 * has no number for, among them: the message then names where, such as {@code $.requests[3].body.price}).
 */
public final class InvalidRequestException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong
     * @param cause   the failure behind it, or null when there is none
     */
    public InvalidRequestException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Creates the exception.
     *
     * @param message what is wrong
     */
    public InvalidRequestException(String message) {
        super(message, null);
    }
}
