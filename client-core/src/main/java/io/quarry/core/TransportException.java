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

    private TransportException(String message, IOException cause, boolean timeout) {
        super(message, cause);
        this.timeout = timeout;
    }

    /**
     * A timeout talking to a host (connect, read or write, or the try's time limit): {@link #isTimeout()} is true.
     *
     * @param message what failed, naming the host but never a key
     * @param cause   the I/O failure, or null when there is none
     * @return the exception
     */
    public static TransportException timeout(String message, IOException cause) {
        return new TransportException(message, cause, true);
    }

    /**
     * A failure talking to a host other than a timeout (connection refused or reset, truncated response, the
     * caller's thread interrupted): {@link #isTimeout()} is false.
     *
     * @param message what failed, naming the host but never a key
     * @param cause   the I/O failure, or null when there is none
     * @return the exception
     */
    public static TransportException failure(String message, IOException cause) {
        return new TransportException(message, cause, false);
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
