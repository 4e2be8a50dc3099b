package io.quarry.core;

import java.io.IOException;

/**
 * One network-level failure talking to one host: connection refused or reset, timeout, truncated response.
 * Calls are retried on other hosts after such a failure; when all fail, the failures are listed in an
 * {@link UnreachableHostsException}.
 */
public final class TransportException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /** Whether the failure was a timeout. */
    private final boolean timeout;

    /**
     * Creates the exception.
     *
     * @param message what failed, naming the host but never a key
     * @param cause   the I/O failure
     * @param timeout whether the failure was a timeout
     */
    public TransportException(String message, IOException cause, boolean timeout) {
        super(message, cause);
        this.timeout = timeout;
    }

    /**
     * Whether the failure was a timeout (connect, read or write).
     *
     * @return true for a timeout
     */
    public boolean isTimeout() {
        return timeout;
    }
}
