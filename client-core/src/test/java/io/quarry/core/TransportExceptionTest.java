package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.io.IOException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * The named factories say whether the failure was a timeout, keep the message and cause given, and refuse a missing
 * message.
 */
class TransportExceptionTest {

    @Test
    void timeoutIsATimeout() {
        IOException cause = new SocketTimeoutException("read timed out");

        TransportException timeout = TransportException.timeout("timeout: read timed out (a.test)", cause);

        assertThat(timeout.isTimeout()).isTrue();
        assertThat(timeout).hasMessage("timeout: read timed out (a.test)");
        assertThat(timeout.getCause()).isSameAs(cause);
    }

    @Test
    void failureIsNoTimeout() {
        IOException cause = new IOException("connection reset");

        TransportException failure = TransportException.failure("connection reset (a.test)", cause);

        assertThat(failure.isTimeout()).isFalse();
        assertThat(failure).hasMessage("connection reset (a.test)");
        assertThat(failure.getCause()).isSameAs(cause);
    }

    @Test
    void aMissingCauseIsNone() {
        assertThat(TransportException.timeout("timeout (a.test)", null)).hasNoCause();
        assertThat(TransportException.failure("interrupted (a.test)", null)).hasNoCause();
    }

    @Test
    void theFactoriesNameAMissingMessage() {
        IOException cause = new IOException("connection reset");

        assertThatNullPointerException()
                .isThrownBy(() -> TransportException.timeout(null, cause))
                .withMessage("message");
        assertThatNullPointerException()
                .isThrownBy(() -> TransportException.failure(null, cause))
                .withMessage("message");
    }
}
