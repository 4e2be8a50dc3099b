package io.quarry.core;

import java.time.Duration;
import java.util.Objects;

/**
 * A helper gave up waiting for an operation (a task, a key becoming valid, ...). The operation was accepted
 * by the service and may still complete after this exception.
 */
public final class WaitTimeoutException extends QuarryException {

    private static final long serialVersionUID = 1L;

    private final transient Duration waited;

    /**
     * Creates the exception.
     *
     * @param operation what was awaited, for example {@code task 42 on index products}
     * @param waited    how long the helper waited
     */
    public WaitTimeoutException(String operation, Duration waited) {
        super(
                "gave up waiting for " + Objects.requireNonNull(operation, "operation") + " after "
                        + Objects.requireNonNull(waited, "waited").toMillis()
                        + " ms; the operation may still complete on the service",
                null);
        this.waited = waited;
    }

    /**
     * How long the helper waited.
     *
     * @return the duration
     */
    public Duration waited() {
        return waited;
    }
}
