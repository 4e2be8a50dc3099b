package io.quarry.search;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.core.ReplaceAllException;
import io.quarry.core.spi.Polling;
import io.quarry.search.model.CopyScope;
import io.quarry.search.model.ReplaceAllResponse;
import io.quarry.search.model.UpdateTaskResponse;
import io.quarry.search.model.WriteSummary;
import java.util.AbstractCollection;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps of {@link SearchIndex#replaceAllObjects(Iterable, BatchOptions)}: refuse an empty source unless
 * allowed, copy settings, synonyms and rules to a temporary index, write the records there, wait, move it over the
 * target. The target changes only at the move; if a step before it fails, the temporary index is deleted and a
 * {@link ReplaceAllException} names it.
 */
final class ReplaceAllObjects {

    private static final Logger LOG = LoggerFactory.getLogger(ReplaceAllObjects.class);

    private static final List<CopyScope> SCOPES = List.of(CopyScope.SETTINGS, CopyScope.SYNONYMS, CopyScope.RULES);

    static final String COPYING = "copying settings, synonyms and rules to the temporary index";
    static final String WRITING = "writing the records into the temporary index";
    static final String WAITING_FOR_COPY = "waiting for the copy of settings, synonyms and rules";
    static final String MOVING = "moving the temporary index over the index";

    private ReplaceAllObjects() {}

    /** A step's failure, with the step it happened in. */
    private static final class StepFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final String step;

        StepFailure(String step, Throwable cause) {
            super(cause);
            this.step = step;
        }
    }

    static <R> ReplaceAllResponse run(SearchIndex target, Iterable<R> records, BatchOptions options) {
        Iterable<R> source = checkedSource(target, records, options);
        SearchIndex temporary = temporaryFor(target);
        try {
            UpdateTaskResponse copy = step(COPYING, () -> copyScopesOrNull(target, temporary.name()));
            WriteSummary write = step(WRITING, () -> temporary.saveObjects(source, options.waitingForTasks()));
            if (copy == null && write.chunks() == 0) {
                return new ReplaceAllResponse(null, write, null); // no index, no records: nothing to replace
            }
            if (copy != null) {
                step(WAITING_FOR_COPY, () -> target.waitForTask(copy.taskID(), options.waitPolicy()));
            }
            UpdateTaskResponse move = step(MOVING, () -> temporary.moveTo(target.name()));
            // the move is accepted: the target will be replaced, so a failure from here on is thrown as it is
            temporary.waitForTask(move.taskID(), options.waitPolicy());
            return new ReplaceAllResponse(copy, write, move);
        } catch (StepFailure failure) {
            Throwable cause = failure.getCause();
            ReplaceAllException.Cleanup cleanup;
            RuntimeException deletion = null;
            try {
                if (Thread.currentThread().isInterrupted()) {
                    // the caller wants its thread back, and a chunk given up may still reach the temporary index
                    throw new CancellationException("the thread replacing the records was interrupted");
                }
                temporary.delete();
                cleanup = ReplaceAllException.Cleanup.DELETED;
            } catch (NotFoundException gone) {
                cleanup = ReplaceAllException.Cleanup.DELETED;
            } catch (RuntimeException e) {
                cleanup = ReplaceAllException.Cleanup.LEFT_BEHIND;
                deletion = e;
            }
            throw failed(target, temporary, failure.step, cleanup, cause, deletion);
        }
    }

    static <R> CompletableFuture<ReplaceAllResponse> runAsync(
            SearchIndex target, Iterable<R> records, BatchOptions options) {
        Iterable<R> source;
        try {
            source = checkedSource(target, records, options);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        SearchIndex temporary = temporaryFor(target);
        BatchOptions waiting = options.waitingForTasks();
        Replacement replacement = new Replacement();
        // the copy and the chunks are never cancelled once sent: a request on its way could write the temporary
        // index after its deletion. A cancellation stops the source instead, and the steps end once they are answered
        CompletableFuture<UpdateTaskResponse> copied = replacement.step(
                COPYING,
                () -> target.copyToAsync(temporary.name(), SCOPES).handle((copy, error) -> {
                    Throwable cause = error == null ? null : Polling.unwrap(error);
                    if (cause != null && !(cause instanceof NotFoundException)) {
                        throw new CompletionException(cause);
                    }
                    return copy; // null: nothing to copy, the target does not exist yet
                }));
        copied.thenCompose(copy -> replacement
                        .step(WRITING, () -> temporary.saveObjectsAsync(replacement.stopping(source), waiting))
                        .thenCompose(write -> copy == null && write.chunks() == 0
                                ? CompletableFuture.completedFuture(new ReplaceAllResponse(null, write, null))
                                : (copy == null
                                                ? CompletableFuture.completedFuture(null)
                                                : replacement.step(
                                                        WAITING_FOR_COPY,
                                                        () -> replacement.cancellable(target.waitForTaskAsync(
                                                                copy.taskID(), options.waitPolicy()))))
                                        // the move in flight is not cancelled: once sent, it may be applied
                                        .thenCompose(ignored ->
                                                replacement.moving(() -> temporary.moveToAsync(target.name())))
                                        .thenCompose(move -> temporary
                                                .waitForTaskAsync(move.taskID(), options.waitPolicy())
                                                .thenApply(ignored -> new ReplaceAllResponse(copy, write, move)))))
                .exceptionallyCompose(error -> {
                    Throwable cause = Polling.unwrap(error);
                    if (!(cause instanceof StepFailure failure)) {
                        return CompletableFuture.failedFuture(cause);
                    }
                    return temporary.deleteAsync().handle((deleted, deletionError) -> {
                        Throwable deletion = deletionError == null ? null : Polling.unwrap(deletionError);
                        ReplaceAllException.Cleanup cleanup = deletion == null || deletion instanceof NotFoundException
                                ? ReplaceAllException.Cleanup.DELETED
                                : ReplaceAllException.Cleanup.LEFT_BEHIND;
                        throw failed(
                                target,
                                temporary,
                                failure.step,
                                cleanup,
                                failure.getCause(),
                                cleanup == ReplaceAllException.Cleanup.LEFT_BEHIND ? deletion : null);
                    });
                })
                .whenComplete(replacement::settle);
        return replacement;
    }

    /**
     * The future of an asynchronous replacement. Cancelling it before the move is sent completes it at once, as
     * {@link java.util.concurrent.Future#cancel} promises, and stops the replacement: no further record is read from
     * the source, no further step starts, a wait for a task under way is cancelled. The copy and the chunks already
     * sent are not: a request on its way could still write the temporary index after its deletion. The steps go on
     * in the background until those are answered, then the temporary index is deleted (a deletion that fails is
     * logged). Once the move has been sent, cancelling fails ({@code cancel} returns false) and the target is
     * replaced.
     */
    private static final class Replacement extends CompletableFuture<ReplaceAllResponse> {

        private enum State {
            RUNNING,
            CANCELLING,
            MOVING,
            SETTLED
        }

        private final AtomicReference<State> state = new AtomicReference<>(State.RUNNING);
        /**
         * Completed as the steps and the clean-up end, a cancel's background clean-up included: the composite call
         * lasts until then, so a {@code close()} lets that clean-up end (within its close timeout).
         */
        private final CompletableFuture<ReplaceAllResponse> ended = new CompletableFuture<>();
        /** The step under way that is safe to cancel (a wait for a task), cancelled with this future. */
        private final AtomicReference<Future<?>> cancellable = new AtomicReference<>();

        private boolean cancelling() {
            return state.get() == State.CANCELLING;
        }

        private static CancellationException cancellation() {
            return new CancellationException("replaceAllObjects was cancelled");
        }

        /** Notes a step safe to cancel, cancelling it at once when the replacement already is. */
        <T> CompletableFuture<T> cancellable(CompletableFuture<T> step) {
            cancellable.set(step);
            if (cancelling()) {
                step.cancel(true);
            }
            return step;
        }

        /** Runs a step, unless the replacement is cancelled; a failure, the cancellation included, names it. */
        <T> CompletableFuture<T> step(String step, Supplier<CompletableFuture<T>> action) {
            return stepAsync(step, () -> cancelling() ? CompletableFuture.failedFuture(cancellation()) : action.get());
        }

        /** Sends the move, unless the replacement is cancelled; from then on it cannot be. */
        <T> CompletableFuture<T> moving(Supplier<CompletableFuture<T>> move) {
            return stepAsync(
                    MOVING,
                    () -> state.compareAndSet(State.RUNNING, State.MOVING)
                            ? move.get()
                            : CompletableFuture.failedFuture(cancellation()));
        }

        /** The source, whose records end with a {@link CancellationException} once the replacement is cancelled. */
        <R> Iterable<R> stopping(Iterable<R> source) {
            if (source instanceof Collection<R> collection) {
                // still a collection, whose size the write's report can give
                return new AbstractCollection<>() {
                    @Override
                    public Iterator<R> iterator() {
                        return stopping(collection.iterator());
                    }

                    @Override
                    public int size() {
                        return collection.size();
                    }
                };
            }
            return () -> stopping(source.iterator());
        }

        private <R> Iterator<R> stopping(Iterator<R> records) {
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    if (cancelling()) {
                        throw cancellation();
                    }
                    return records.hasNext();
                }

                @Override
                public R next() {
                    return records.next();
                }
            };
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            if (state.compareAndSet(State.RUNNING, State.CANCELLING)) {
                Future<?> step = cancellable.get();
                if (step != null) {
                    step.cancel(mayInterruptIfRunning);
                }
                super.cancel(mayInterruptIfRunning);
                return true;
            }
            return isCancelled();
        }

        /**
         * Completes the future once the steps and the clean-up have ended; a cancelled one is complete already, and
         * only a temporary index left behind is told, in the log.
         */
        void settle(ReplaceAllResponse response, Throwable error) {
            if (state.getAndSet(State.SETTLED) == State.CANCELLING) {
                if (error != null
                        && Polling.unwrap(error) instanceof ReplaceAllException failed
                        && failed.cleanup() == ReplaceAllException.Cleanup.LEFT_BEHIND) {
                    LOG.warn(
                            "replaceAllObjects on index {} was cancelled, and its temporary index {} could not be"
                                    + " deleted: {}",
                            failed.index(),
                            failed.temporaryIndex(),
                            failed.getCause().toString());
                }
            } else if (error == null) {
                complete(response);
            } else {
                completeExceptionally(Polling.unwrap(error));
            }
            if (error == null) {
                ended.complete(response);
            } else {
                ended.completeExceptionally(Polling.unwrap(error));
            }
        }
    }

    /**
     * The future of a replacement's end: its steps and its clean-up, which go on in the background after a cancel
     * until the requests on their way are answered and the temporary index is deleted. The composite call's steps
     * return it, so that the composite call lasts as long: before, it ended at the cancel, and a {@code close()} then
     * waited for the requests on their way only, and refused the deletion that followed them, leaving the temporary
     * index behind.
     *
     * @param replacement the future {@link #runAsync} gave
     * @return the future completed as the replacement ends
     */
    static CompletableFuture<ReplaceAllResponse> ended(CompletableFuture<ReplaceAllResponse> replacement) {
        return replacement instanceof Replacement started ? started.ended : replacement;
    }

    /**
     * The future the caller gets: completed from the composite call's future, and cancelled through the replacement's
     * own, never through the call's. Cancelling the call's future would not stop the replacement, and would cancel
     * the calls in flight, the copy and the chunks among them, which a cancelled replacement lets end before it
     * deletes the temporary index.
     *
     * @param call        the composite call's future
     * @param replacement the replacement's own future, or null when it never started
     * @return the caller's future
     */
    static CompletableFuture<ReplaceAllResponse> cancelledThrough(
            CompletableFuture<ReplaceAllResponse> call, CompletableFuture<ReplaceAllResponse> replacement) {
        if (replacement == null) {
            return call;
        }
        CompletableFuture<ReplaceAllResponse> caller = new CompletableFuture<>() {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                boolean cancelled = replacement.cancel(mayInterruptIfRunning);
                if (cancelled) {
                    super.cancel(mayInterruptIfRunning); // done at once, not when the observed call ends
                }
                return cancelled;
            }
        };
        call.whenComplete((response, error) -> {
            if (error == null) {
                caller.complete(response);
            } else {
                caller.completeExceptionally(Polling.unwrap(error));
            }
        });
        return caller;
    }

    /**
     * The records to write, once the source is known to hold one or an empty index is allowed. The source's
     * iterator is taken here, once; the iterable returned gives that same iterator.
     */
    private static <R> Iterable<R> checkedSource(SearchIndex target, Iterable<R> records, BatchOptions options) {
        if (records instanceof Collection<?> collection) {
            if (collection.isEmpty() && !options.allowsEmptyIndex()) {
                throw emptySource(target);
            }
            return records; // kept a collection, whose size the write's report can give
        }
        Iterator<R> iterator = records.iterator();
        if (!iterator.hasNext() && !options.allowsEmptyIndex()) {
            throw emptySource(target);
        }
        return () -> iterator;
    }

    private static InvalidRequestException emptySource(SearchIndex target) {
        return new InvalidRequestException("replaceAllObjects on index " + target.name()
                + " refused: the source holds no record, and replacing the records with none would leave the"
                + " index empty; nothing was changed. If an empty index is intended, pass"
                + " BatchOptions.of().allowingEmptyIndex()");
    }

    private static <T> T step(String step, Supplier<T> action) {
        try {
            return action.get();
        } catch (RuntimeException e) {
            throw new StepFailure(step, e);
        }
    }

    private static <T> CompletableFuture<T> stepAsync(String step, Supplier<CompletableFuture<T>> action) {
        CompletableFuture<T> started;
        try {
            started = action.get();
        } catch (RuntimeException e) {
            started = CompletableFuture.failedFuture(e);
        }
        return started.handle((value, error) -> {
            if (error != null) {
                throw new StepFailure(step, Polling.unwrap(error));
            }
            return value;
        });
    }

    private static ReplaceAllException failed(
            SearchIndex target,
            SearchIndex temporary,
            String step,
            ReplaceAllException.Cleanup cleanup,
            Throwable cause,
            Throwable deletion) {
        ReplaceAllException failure = new ReplaceAllException(target.name(), temporary.name(), step, cleanup, cause);
        if (deletion != null) {
            failure.addSuppressed(deletion);
        }
        return failure;
    }

    private static UpdateTaskResponse copyScopesOrNull(SearchIndex target, String destination) {
        try {
            return target.copyTo(destination, SCOPES);
        } catch (NotFoundException e) {
            return null; // nothing to copy: the target does not exist yet
        }
    }

    private static SearchIndex temporaryFor(SearchIndex target) {
        return target.sibling(target.name() + "_tmp_"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
    }
}
