package io.quarry.mockserver.internal.http.wire;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One request on a connection, and its answer. The request's body is read on the connection's thread; the answer
 * may be given from any thread, once: the connection's thread, waiting for it, writes it. Aborting closes the
 * connection at once, from any thread, without (the rest of) an answer, for a reason the listener counts and logs.
 */
public final class WireExchange {

    private final Connection connection;
    private final RequestHead head;
    private final BodyInput body;
    private final long startedNanos = System.nanoTime();
    /** Counted down once, when the exchange ends: the connection's thread waits on it. */
    private final CountDownLatch answered = new CountDownLatch(1);

    private final AtomicBoolean ended = new AtomicBoolean();
    private boolean continueSent;
    private volatile WireResponse response;

    WireExchange(Connection connection, RequestHead head, BodyInput body) {
        this.connection = connection;
        this.head = head;
        this.body = body;
    }

    /** {@return the request's line and headers} */
    public RequestHead head() {
        return head;
    }

    /** {@return the caller's IP address} */
    public String remoteAddress() {
        return connection.remoteAddress();
    }

    /** {@return the listener (the host) the request came to} */
    public Listener listener() {
        return connection.listener();
    }

    /** {@return nanoseconds since the request's head was read} */
    public long elapsedNanos() {
        return System.nanoTime() - startedNanos;
    }

    /**
     * {@return the body, to read on the connection's thread: a read past the deadline throws
     *     {@link java.net.SocketTimeoutException}, a body framed wrongly or cut short an {@link HttpRefusal}}
     * Tells a client that waits for it to send the body ({@code 100 Continue}).
     *
     * @param deadlineMillis how long the whole body may take to arrive, from now
     * @throws IOException if the interim answer cannot be written
     */
    public InputStream body(long deadlineMillis) throws IOException {
        connection.readDeadlineIn(deadlineMillis);
        if (head.expectsContinue() && !continueSent) {
            continueSent = true;
            connection.writeContinue();
        }
        return body;
    }

    /**
     * {@return whether the client was asked to wait for {@code 100 Continue} before its body and never told to
     *     send it: then no byte of the body is on its way, unless the client tired of waiting}
     */
    boolean bodyWithheld() {
        return head.expectsContinue() && !continueSent;
    }

    /** {@return whether the body was read to its end} */
    boolean bodyComplete() {
        return body.complete();
    }

    /**
     * Gives the answer; the connection's thread writes it.
     *
     * @param answer the answer
     * @return false when the exchange had already ended (answered or aborted)
     */
    public boolean respond(WireResponse answer) {
        if (!ended.compareAndSet(false, true)) {
            return false;
        }
        response = answer;
        answered.countDown();
        return true;
    }

    /**
     * Closes the connection without (the rest of) an answer, unless the exchange has ended.
     *
     * @param reason why, counted and logged as the connection ends
     */
    public void abort(CloseReason reason) {
        if (ended.compareAndSet(false, true)) {
            // the reason first: the connection's thread, once woken, reports the close with it
            connection.close(reason);
            answered.countDown();
        }
    }

    /** {@return whether it was answered or aborted} */
    public boolean isEnded() {
        return ended.get();
    }

    /** {@return the answer once given, or {@code null} when aborted} */
    WireResponse awaitAnswer() throws InterruptedException {
        answered.await();
        return response;
    }
}
