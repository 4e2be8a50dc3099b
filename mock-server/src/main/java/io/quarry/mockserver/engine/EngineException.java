package io.quarry.mockserver.engine;

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
     */
    public EngineException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** {@return the HTTP status} */
    public int status() {
        return status;
    }
}
