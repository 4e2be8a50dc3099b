package io.quarry.mockserver.engine;

import java.util.Objects;

/** A request the engine refuses, with the HTTP status the service answers for it (4xx). */
public final class EngineException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The HTTP status the service answers, 4xx. */
    private final int status;

    /**
     * A refusal.
     *
     * @param status the HTTP status, 4xx
     * @param message the message the service would send
     * @throws NullPointerException when {@code message} is null: the answer's {@code message} is always a text
     * @throws IllegalArgumentException when {@code status} is not a 4xx status: a refusal is the caller's to mend
     */
    public EngineException(int status, String message) {
        super(Objects.requireNonNull(message, "message"));
        if (status < 400 || status > 499) {
            throw new IllegalArgumentException("status must be a 4xx HTTP status, not " + status);
        }
        this.status = status;
    }

    /** {@return the HTTP status} */
    public int status() {
        return status;
    }
}
