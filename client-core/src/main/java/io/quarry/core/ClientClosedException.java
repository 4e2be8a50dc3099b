package io.quarry.core;

/**
 * The client was closed: a call started after {@code close()}, or a call still in flight when {@code close()}
 * was called (it is cancelled). A closed client cannot be reopened; build a new one.
 */
public final class ClientClosedException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was refused or cancelled, naming the endpoint but never a key
     */
    public ClientClosedException(String message) {
        super(message, null);
    }
}
