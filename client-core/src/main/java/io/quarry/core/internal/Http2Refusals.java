package io.quarry.core.internal;

import java.io.IOException;

/**
 * Tells the HTTP/2 failures in which the server says it did not process the request, which may therefore be sent
 * again whatever it is: a stream refused ({@code REFUSED_STREAM}, sent by the server, or read by OkHttp from a
 * {@code GOAWAY} whose last processed stream comes before this one), and a connection already shut down when the
 * stream was to be opened (nothing was sent).
 *
 * <p>By the class name and message OkHttp gives them: their classes are in a package OkHttp's module does not export,
 * so naming them in code would fail on the module path. A change in OkHttp fails {@code Http2RefusalsTest}.
 */
final class Http2Refusals {

    private static final String STREAM_RESET = "okhttp3.internal.http2.StreamResetException";
    private static final String REFUSED = "stream was reset: REFUSED_STREAM";
    private static final String SHUT_DOWN = "okhttp3.internal.http2.ConnectionShutdownException";

    private Http2Refusals() {}

    /**
     * @param e a try's failure
     * @return whether it says the server did not process the request
     */
    static boolean unprocessed(IOException e) {
        String type = e.getClass().getName();
        return (type.equals(STREAM_RESET) && REFUSED.equals(e.getMessage())) || type.equals(SHUT_DOWN);
    }
}
