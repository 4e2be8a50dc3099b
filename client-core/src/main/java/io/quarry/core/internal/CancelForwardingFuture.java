package io.quarry.core.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * A future completed from another one, whose cancellation cancels that other one. Done in {@code cancel} rather than
 * by a completion stage on this future, which every call would pay for while few are ever cancelled.
 *
 * @param <V> the value type
 */
public final class CancelForwardingFuture<V> extends CompletableFuture<V> {

    private final Future<?> source;

    /**
     * @param source the future this one is completed from, cancelled when this one is
     */
    public CancelForwardingFuture(Future<?> source) {
        this.source = source;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        if (cancelled) {
            source.cancel(mayInterruptIfRunning);
        }
        return cancelled;
    }
}
