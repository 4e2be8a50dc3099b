package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.util.Callback;

/**
 * One request in flight: Jetty's request, response and completion callback, and what the front learned about it.
 * The callback given out completes once, and gives back the body bytes the request held.
 */
final class Exchange {

    private final org.eclipse.jetty.server.Request jettyRequest;
    private final org.eclipse.jetty.server.Response jettyResponse;
    private final Callback callback;
    private final long startedNanos = System.nanoTime();
    private final AtomicBoolean completed = new AtomicBoolean();
    private final BodyBudget budget;
    private volatile BodyReader body;
    Request request;
    Route route;
    FaultAction fault;

    Exchange(
            org.eclipse.jetty.server.Request jettyRequest,
            org.eclipse.jetty.server.Response jettyResponse,
            Callback jettyCallback,
            BodyBudget budget) {
        this.jettyRequest = jettyRequest;
        this.jettyResponse = jettyResponse;
        this.budget = budget;
        this.callback = Callback.from(
                () -> {
                    if (completed.compareAndSet(false, true)) {
                        release();
                        jettyCallback.succeeded();
                    }
                },
                failure -> {
                    if (completed.compareAndSet(false, true)) {
                        release();
                        jettyCallback.failed(failure);
                    }
                });
    }

    private void release() {
        BodyReader reader = body;
        if (reader != null) {
            budget.release(reader.reserved());
        }
    }

    void reading(BodyReader reader) {
        this.body = reader;
    }

    /**
     * {@return whether the request carries a body that was not read to its end (refused before or while reading):
     *     the connection must then close, or the rest of the body would be taken for the next request}
     */
    boolean bodyUnread() {
        BodyReader reader = body;
        if (reader != null && reader.isComplete()) {
            return false;
        }
        return jettyRequest.getLength() > 0 || jettyRequest.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    }

    org.eclipse.jetty.server.Request jettyRequest() {
        return jettyRequest;
    }

    org.eclipse.jetty.server.Response jettyResponse() {
        return jettyResponse;
    }

    Callback callback() {
        return callback;
    }

    long elapsedNanos() {
        return System.nanoTime() - startedNanos;
    }

    boolean isCompleted() {
        return completed.get();
    }

    /** Closes the connection without (the rest of) an answer, as a scripted fault asks. */
    void abort() {
        jettyRequest.getConnectionMetaData().getConnection().getEndPoint().close();
        callback.failed(ResponseWriter.closedOnPurpose());
    }
}
