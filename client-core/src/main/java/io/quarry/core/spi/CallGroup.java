package io.quarry.core.spi;

import io.quarry.core.internal.base.CancelForwardingFuture;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The calls of one asynchronous composite call, cancelled together: cancelling the composite call's future cancels
 * every call of the group still in flight, and a call the group is asked for afterwards is never made (its future
 * is cancelled at once). The calls may run one after another or several at once, and a nested composite call counts
 * as one call of the group. {@link CallScope#compositeCallAsync(String, java.util.function.Function)} makes one for
 * each such call; the requests of the scope it gives the steps join it. A stage derived from a call's future is not
 * part of it: cancelling that stage leaves the call alone, as for any {@link CompletableFuture}. A call of the group
 * completes its future with the composite call's client current, so that a {@link Polling} wait a continuation of the
 * steps starts there ends when that client closes, as one the steps start themselves does; the composite call's own
 * future completes with no client current, so the caller's continuations on it are outside the composite call.
 */
public final class CallGroup {

    /** The futures of the calls not yet done; guarded by this. */
    private final Set<Future<?>> inFlight = new HashSet<>();
    /** Guarded by this. */
    private boolean cancelled;
    /** Runs a completion of a call with the composite call's client current (given by {@link CallScope}). */
    private final Consumer<Runnable> completing;
    /** Runs the completion of the composite call's own future with no client current (given by {@link CallScope}). */
    private final Consumer<Runnable> finishing;

    CallGroup(Consumer<Runnable> completing, Consumer<Runnable> finishing) {
        this.completing = completing;
        this.finishing = finishing;
    }

    /**
     * Makes a call as part of this group, unless the group was cancelled; the group holds the call's future until it
     * completes. The SDK's requests join the group of their scope this way, and a module may call it for a call made
     * otherwise.
     *
     * @param call makes the call and returns its own future, whose {@code cancel} cancels the call
     * @param <T>  the value type
     * @return a future completed as the call's is, whose {@code cancel} cancels the call, or a cancelled future when
     *     the group was cancelled first (then no call is made)
     */
    public <T> CompletableFuture<T> call(Supplier<CompletableFuture<T>> call) {
        synchronized (this) {
            if (cancelled) {
                return cancelledFuture();
            }
        }
        CompletableFuture<T> future = call.get();
        boolean cancelledMeanwhile;
        synchronized (this) {
            cancelledMeanwhile = cancelled;
            if (!cancelledMeanwhile) {
                inFlight.add(future);
            }
        }
        if (cancelledMeanwhile) {
            future.cancel(false);
            return future;
        }
        // the steps' continuations run as this future completes: on the client's watch, for a wait they start. A cancel
        // cancels the call first, so that it is over before they run
        CompletableFuture<T> completed = new CancelForwardingFuture<>(future);
        future.whenComplete((value, error) -> {
            forget(future);
            completing.accept(() -> {
                if (error == null) {
                    completed.complete(value);
                } else {
                    completed.completeExceptionally(error);
                }
            });
        });
        return completed;
    }

    /**
     * The future of the group's composite call: completed as {@code steps} is, once {@code ended} has run (so that a
     * continuation closing the client does not wait for the composite call it continues); cancelling it cancels
     * {@code steps}, then every call of the group in flight, refuses later ones and runs {@code ended}, all before its
     * own continuations run (one closing the client waits for none of them).
     */
    <T> CompletableFuture<T> resultOf(CompletableFuture<T> steps, Runnable ended) {
        CompletableFuture<T> result = new CancelForwardingFuture<>(steps) {
            @Override
            protected void cancelled() {
                cancelCalls();
                ended.run();
            }
        };
        steps.whenComplete((value, error) -> {
            ended.run();
            // the caller's continuations run here: outside the composite call, so a wait they start is not its client's
            finishing.accept(() -> {
                if (error != null) {
                    // unwrapped here rather than by Polling.unwrap: Polling reaches the client, whose requests reach
                    // this class, and the core's classes keep no cycle across packages
                    result.completeExceptionally(
                            error instanceof CompletionException && error.getCause() != null
                                    ? error.getCause()
                                    : error);
                } else {
                    result.complete(value);
                }
            });
        });
        return result;
    }

    private void cancelCalls() {
        List<Future<?>> calls;
        synchronized (this) {
            cancelled = true;
            calls = new ArrayList<>(inFlight);
            inFlight.clear();
        }
        for (Future<?> call : calls) {
            call.cancel(false);
        }
    }

    private synchronized void forget(Future<?> call) {
        inFlight.remove(call);
    }

    private static <T> CompletableFuture<T> cancelledFuture() {
        CompletableFuture<T> future = new CompletableFuture<>();
        future.cancel(false);
        return future;
    }
}
