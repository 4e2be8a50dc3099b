package io.quarry.mockserver.internal.http.wire;

/**
 * A request the wire cannot take (a malformed request line or header, a head over its limit, a body that breaks its
 * framing): answered with {@code status} and the connection closed. Carries no stack trace: it is an answer, not a
 * bug.
 */
public final class HttpRefusal extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;

    /**
     * @param status the HTTP status to answer
     * @param message what was wrong, in words safe to send back
     */
    public HttpRefusal(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    /** {@return the HTTP status to answer} */
    public int status() {
        return status;
    }
}
