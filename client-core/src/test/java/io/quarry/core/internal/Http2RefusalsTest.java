package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import okhttp3.internal.http2.ConnectionShutdownException;
import okhttp3.internal.http2.ErrorCode;
import okhttp3.internal.http2.StreamResetException;
import org.junit.jupiter.api.Test;

/**
 * OkHttp's own exceptions for an HTTP/2 request the server did not process, told apart by name and message (the
 * test names their classes, as the class path allows; the transport may not). {@code Http2TransportTest} shows a
 * refused stream end to end; a connection shut down before the stream opened is a race no server can script.
 */
class Http2RefusalsTest {

    @Test
    void aRefusedStreamAndAConnectionShutDownBeforeTheStreamAreUnprocessed() {
        assertThat(Http2Refusals.unprocessed(new StreamResetException(ErrorCode.REFUSED_STREAM)))
                .isTrue();
        assertThat(Http2Refusals.unprocessed(new ConnectionShutdownException())).isTrue();
    }

    @Test
    void anyOtherResetOrFailureMayHaveBeenProcessed() {
        assertThat(Http2Refusals.unprocessed(new StreamResetException(ErrorCode.CANCEL)))
                .isFalse();
        assertThat(Http2Refusals.unprocessed(new StreamResetException(ErrorCode.INTERNAL_ERROR)))
                .isFalse();
        assertThat(Http2Refusals.unprocessed(new IOException("stream was reset: REFUSED_STREAM")))
                .isFalse();
    }
}
