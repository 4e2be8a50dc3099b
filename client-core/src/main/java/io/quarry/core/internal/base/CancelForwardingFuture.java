package io.quarry.core.internal.base;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * A future completed from another one, whose cancellation cancels that other one. Done in {@code cancel} rather than
 * by a completion stage on this future, which every call would pay for while few are ever cancelled.
 *
 * <p>The other one is cancelled first, then {@link #cancelled()} runs, and only then is this future cancelled, so that
 * a call the other one runs is over (counted out of its client's calls in flight) before this future's continuations
 * run: one that closes the client then does not wait for the call it continues. The completion that cancelling the
 * other one brings is not taken: this future ends cancelled, as it would have.
 *
 * @param <V> the value type
 */
public class CancelForwardingFuture<V> extends CompletableFuture<V> {

    private final Future<?> source;
    /** Set as a cancel begins: completions from the source are no longer taken. */
    private volatile boolean cancelling;

    /**
     * @param source the future this one is completed from, cancelled when this one is
     */
    public CancelForwardingFuture(Future<?> source) {
        this.source = source;
    }

    /**
     * What else a cancel does, after the source was cancelled and before this future is: a subclass's step that must
     * also be over before the continuations run. Nothing here.
     */
    protected void cancelled() {}

    @Override
    public boolean complete(V value) {
        return !cancelling && super.complete(value);
    }

    @Override
    public boolean completeExceptionally(Throwable error) {
        return !cancelling && super.completeExceptionally(error);
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (isDone()) {
            return isCancelled();
        }
        cancelling = true;
        source.cancel(mayInterruptIfRunning);
        cancelled();
        return super.cancel(mayInterruptIfRunning);
    }
}
