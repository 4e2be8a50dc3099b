package io.quarry.mockserver.internal.http.wire;

/** What serves the requests a {@link Listener}'s connections read. */
public interface ExchangeHandler {

    /**
     * Serves one request. Called on the connection's thread, which waits, once this returns, until the exchange is
     * answered or aborted, from this thread or any other.
     *
     * @param exchange the request, its body still on the wire
     */
    void serve(WireExchange exchange);

    /**
     * {@return the answer to a request the wire refused before serving it; the connection is closed after it}
     *
     * @param status the HTTP status
     * @param message what was wrong
     */
    WireResponse refusal(int status, String message);

    /**
     * {@return the answer to a request the server ran out of memory for, a 503; best made in advance, as the heap
     *     may have no room for it then}
     */
    default WireResponse outOfMemory() {
        return refusal(503, "The server ran out of memory answering this request; retry later");
    }

    /**
     * {@return how many bytes the client may still send, read and dropped, after an answer that left its request
     *     unread, before the connection is cut} At least the largest body the server takes, so that a client that
     *     sends a whole body before reading reads its answer.
     */
    default long lingerBytes() {
        return 2 * 10L * 1024 * 1024;
    }

    /**
     * Told of every connection the listener closed without an answer, once it ended, on the connection's thread (or
     * the accepting one): to count it. Must be quick and must not throw.
     *
     * @param listener the listener (the host) it came to
     * @param reason why it got no answer
     */
    default void closedUnanswered(Listener listener, CloseReason reason) {
        // nothing counts them but the listener
    }
}
