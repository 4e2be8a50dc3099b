package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.http.wire.CloseReason;
import io.quarry.mockserver.internal.http.wire.RequestHead;
import io.quarry.mockserver.internal.http.wire.WireExchange;
import io.quarry.mockserver.internal.http.wire.WireResponse;

/**
 * One request in flight: the wire's exchange, what the front learned about it, and the body bytes it holds of the
 * {@link BodyBudget}, given back once when it ends.
 */
final class Exchange {

    private final WireExchange wire;
    private final BodyBudget budget;
    private long reserved;
    private boolean released;
    Request request;
    Route route;
    FaultAction fault;
    /** The host (port) the request came to, numbered from 0. */
    int host;

    Exchange(WireExchange wire, BodyBudget budget) {
        this.wire = wire;
        this.budget = budget;
    }

    WireExchange wire() {
        return wire;
    }

    RequestHead head() {
        return wire.head();
    }

    /** {@return whether {@code bytes} more of the budget were taken for this request's body} */
    synchronized boolean reserve(long bytes) {
        if (released || !budget.reserve(bytes)) {
            return false;
        }
        reserved += bytes;
        return true;
    }

    private synchronized void release() {
        if (!released) {
            released = true;
            budget.release(reserved);
        }
    }

    long elapsedNanos() {
        return wire.elapsedNanos();
    }

    boolean isCompleted() {
        return wire.isEnded();
    }

    /** Gives the answer, unless the exchange has ended, and the body bytes back. */
    void respond(WireResponse answer) {
        wire.respond(answer);
        release();
    }

    /**
     * Closes the connection without (the rest of) an answer.
     *
     * @param reason why, counted and logged as the connection ends
     */
    void abort(CloseReason reason) {
        wire.abort(reason);
        release();
    }
}
