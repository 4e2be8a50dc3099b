package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.http.wire.CloseReason;

/**
 * Told of every answer as it goes on the wire (the console's journal and counters): unlike a
 * {@link RequestListener}, it also hears of the answers a scripted fault gives in place of the handler's, with the
 * status and body the client gets. It runs on the answering thread, so it must be quick and must not keep the body.
 */
@FunctionalInterface
public interface AnswerObserver {

    /** Observes nothing. */
    AnswerObserver NONE = new Unobserved();

    /**
     * @param request the request (with what the credential check learned), or {@code null} when it failed before
     *     it was read
     * @param route its route, or {@code null} when none matched or a fault answered before routing
     * @param status the status sent, or 0 when the connection was closed without an answer
     * @param body the body as written before any compression (a scripted fault's change included); not to be kept
     * @param fault the scripted fault that changed the answer, or {@code null}
     * @param host the host (port) it came to, numbered from 0
     * @param elapsedNanos how long it took to answer
     */
    void written(Request request, Route route, int status, byte[] body, FaultAction fault, int host, long elapsedNanos);

    /**
     * Told of a connection the server closed without an answer, but for a scripted fault's (seen by
     * {@link #written} already), once it ended.
     *
     * @param reason why
     * @param host the host (port) it came to, numbered from 0
     */
    default void closedUnanswered(CloseReason reason, int host) {
        // not watched
    }

    /**
     * What {@link #NONE} is: a class, not a lambda, which would spin its class and two method handle forms on every
     * start without a console.
     */
    final class Unobserved implements AnswerObserver {

        private Unobserved() {}

        @Override
        public void written(
                Request request, Route route, int status, byte[] body, FaultAction fault, int host, long elapsedNanos) {
            // nothing observes
        }
    }
}
