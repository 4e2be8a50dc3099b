package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.io.IOException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * The named factories replace the deprecated constructor's bare boolean and make the same exception, and refuse a
 * missing message.
 */
class TransportExceptionTest {

    @Test
    @SuppressWarnings("deprecation") // the form the replacement is compared with
    void timeoutIsTheConstructorWithTrue() {
        IOException cause = new SocketTimeoutException("read timed out");

        TransportException named = TransportException.timeout("timeout: read timed out (a.test)", cause);
        TransportException old = new TransportException("timeout: read timed out (a.test)", cause, true);

        assertThat(named.isTimeout()).isTrue().isEqualTo(old.isTimeout());
        assertThat(named).hasMessage(old.getMessage()).hasCause(cause);
        assertThat(named.getCause()).isSameAs(old.getCause());
    }

    @Test
    @SuppressWarnings("deprecation") // the form the replacement is compared with
    void failureIsTheConstructorWithFalse() {
        IOException cause = new IOException("connection reset");

        TransportException named = TransportException.failure("connection reset (a.test)", cause);
        TransportException old = new TransportException("connection reset (a.test)", cause, false);

        assertThat(named.isTimeout()).isFalse().isEqualTo(old.isTimeout());
        assertThat(named).hasMessage(old.getMessage()).hasCause(cause);
        assertThat(named.getCause()).isSameAs(old.getCause());
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
