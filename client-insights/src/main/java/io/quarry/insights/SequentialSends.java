package io.quarry.insights;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The calls of one {@code sendAsync}, made one after another. Its future, cancelled, cancels the call in flight and
 * makes no further one: a chain of composed stages would go on making the later calls, as a cancelled stage leaves
 * the stages it was composed from running.
 *
 * @param <C> a call's input (the events of one call)
 * @param <A> a call's answer
 */
final class SequentialSends<C, A> extends CompletableFuture<List<A>> {

    private final List<C> inputs;
    private final Function<C, CompletableFuture<A>> send;
    private final List<A> answers = new ArrayList<>();
    /** The call in flight, or null before the first. */
    private volatile CompletableFuture<A> inFlight;

    private SequentialSends(List<C> inputs, Function<C, CompletableFuture<A>> send) {
        this.inputs = inputs;
        this.send = send;
    }

    /**
     * Starts the calls.
     *
     * @param inputs each call's input, in order
     * @param send   makes one call
     * @return the future of every answer, in order
     */
    static <C, A> SequentialSends<C, A> start(List<C> inputs, Function<C, CompletableFuture<A>> send) {
        SequentialSends<C, A> sends = new SequentialSends<>(inputs, send);
        sends.next();
        return sends;
    }

    private void next() {
        if (isDone()) {
            return; // cancelled
        }
        if (answers.size() == inputs.size()) {
            complete(List.copyOf(answers));
            return;
        }
        CompletableFuture<A> call;
        try {
            call = send.apply(inputs.get(answers.size()));
        } catch (RuntimeException e) {
            completeExceptionally(e);
            return;
        }
        inFlight = call;
        if (isCancelled()) {
            call.cancel(true); // cancelled while the call was being made
        }
        call.whenComplete((answer, error) -> {
            if (error != null) {
                completeExceptionally(error);
            } else {
                answers.add(answer);
                next();
            }
        });
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        CompletableFuture<A> call = inFlight;
        if (cancelled && call != null) {
            call.cancel(mayInterruptIfRunning);
        }
        return cancelled;
    }
}
