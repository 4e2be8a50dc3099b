package io.quarry.core;

import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.CompositeCall;
import io.quarry.core.spi.Page;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A lazy sequence over a paged read (browse, rules, synonyms, dictionary entries, user IDs, ...): pages are fetched
 * while iterating, and each {@link #iterator()} starts over from the first page. A failed call throws its
 * {@link QuarryException} out of the iteration; it never ends it silently. The asynchronous forms
 * {@link #toListAsync()} and {@link #forEachAsync(Consumer)} read the pages one after another without blocking a
 * thread.
 *
 * <p>A failed page ends its reading for good, in every form. The iterator throws the failure once, from the
 * {@code hasNext()} or {@code next()} that read the page, and stays failed: each later {@code hasNext()} or
 * {@code next()} throws an {@link IllegalStateException} whose cause is that failure, and reads nothing (it does not
 * ask for the page again, so a loop that catches the failure and goes on cannot call the service for ever). The
 * future of an asynchronous form fails with the failure, and nothing more is read. Each call has already been
 * retried as the client's options say before it fails; reading again is up to the caller, and starts over from
 * the first page: a new {@link #iterator()} or {@link #stream()}, or another call of an asynchronous form.
 *
 * <p>When a {@link io.quarry.core.spi.CallObserver} is registered, the pages of some reads (such as browsing an
 * index) show as calls inside one composite call per iteration. That call starts with the first page and ends
 * when the iteration reads the last page, when a page fails, or when the iterator or stream is closed. A caller who
 * stops early should therefore close what it iterates:
 *
 * <pre>{@code
 * try (Stream<Product> products = index.browseObjects(query, Product.class).stream()) {
 *     products.limit(10).forEach(this::show);
 * }
 * }</pre>
 * Otherwise the pages read so far stay in a composite call that never ends. {@link #toList()},
 * {@link Iterable#forEach(Consumer)} and a loop that runs to the end need nothing more.
 *
 * @param <T> the item type
 */
public final class PagedIterable<T> implements Iterable<T> {

    private final PageChain<T, ?> chain;

    private PagedIterable(PageChain<T, ?> chain) {
        this.chain = chain;
    }

    /**
     * A sequence over pages linked by tokens; for module authors.
     *
     * @param first     the token of the first page (may be null, such as "no cursor yet")
     * @param read      reads the page of a token, blocking
     * @param readAsync reads the page of a token without blocking; the requests it sends on the calling thread before
     *                  returning are cancelled with the reading
     * @param <T>       the item type
     * @param <K>       the token type
     * @return the lazy sequence
     */
    public static <T, K> PagedIterable<T> of(
            K first, Function<K, Page<T, K>> read, Function<K, CompletableFuture<Page<T, K>>> readAsync) {
        Objects.requireNonNull(read, "read");
        return new PagedIterable<>(new PageChain<>(
                first, null, (scope, token) -> read.apply(token), Objects.requireNonNull(readAsync, "readAsync")));
    }

    /**
     * A sequence over pages linked by tokens whose blocking iteration shows to a call observer as one composite
     * call holding its pages (see the type's description); for module authors.
     *
     * @param scope     the scope the composite call starts from
     * @param operation the composite call's name, such as {@code browseObjects}
     * @param first     the token of the first page (may be null)
     * @param read      reads the page of a token, blocking, through the scope it is given
     * @param readAsync reads the page of a token without blocking (the caller makes that read composite if needed);
     *                  the requests it sends on the calling thread before returning are cancelled with the reading
     * @param <T>       the item type
     * @param <K>       the token type
     * @return the lazy sequence
     */
    public static <T, K> PagedIterable<T> inCompositeCall(
            CallScope scope,
            String operation,
            K first,
            BiFunction<CallScope, K, Page<T, K>> read,
            Function<K, CompletableFuture<Page<T, K>>> readAsync) {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(operation, "operation");
        return new PagedIterable<>(new PageChain<>(
                first,
                () -> scope.startCompositeCall(operation),
                Objects.requireNonNull(read, "read"),
                Objects.requireNonNull(readAsync, "readAsync")));
    }

    /** {@return a new lazy iterator from the first page; close it when stopping before the end} */
    @Override
    public PageIterator<T> iterator() {
        return chain.iterator();
    }

    /** {@return a sequential, lazy stream over the items; close it when stopping before the end} */
    public Stream<T> stream() {
        PageIterator<T> iterator = iterator();
        return StreamSupport.stream(
                        Spliterators.spliteratorUnknownSize(iterator, Spliterator.ORDERED | Spliterator.NONNULL), false)
                .onClose(iterator::close);
    }

    /** {@return every item, reading all pages now} */
    public List<T> toList() {
        try (Stream<T> items = stream()) {
            return items.toList();
        }
    }

    /**
     * Reads every page without blocking and collects the items. Cancelling the future stops the reading, as
     * {@link #forEachAsync(Consumer)} says.
     *
     * @return the future items, in order; it fails with the first failed call's {@link QuarryException}
     */
    public CompletableFuture<List<T>> toListAsync() {
        List<T> sink = new ArrayList<>();
        return chain.readAllAsync(sink::add, () -> List.copyOf(sink));
    }

    /**
     * Reads every page without blocking, handing each item to {@code action} as its page arrives (one page at a
     * time, in order, on the thread that completed the page's call). The next page is asked for once the items of
     * the one before are handed over, so the reading holds one page at a time however many there are. Cancelling
     * the future stops it: the page in flight is dropped, its call cancelled (the request the page function sent,
     * even when the function gave back a stage derived from that call's future), and no other page is asked for.
     *
     * @param action what to do with each item
     * @return a future completed after the last page; it fails with the first failed call's
     * {@link QuarryException} or what {@code action} threw
     */
    public CompletableFuture<Void> forEachAsync(Consumer<? super T> action) {
        return chain.readAllAsync(Objects.requireNonNull(action, "action"), () -> null);
    }

    /**
     * An iterator over the items of a paged read. Closing it stops the iteration (no more page is read) and ends
     * the composite call its pages are shown in, if any.
     *
     * @param <T> the item type
     */
    public interface PageIterator<T> extends Iterator<T>, AutoCloseable {
        /** Stops the iteration; nothing if it has already ended. */
        @Override
        void close();
    }

    /**
     * The pages of one read, linked by their tokens.
     *
     * @param calls starts the composite call of one iteration, or null when pages are plain calls
     */
    private record PageChain<T, K>(
            K first,
            Supplier<CompositeCall> calls,
            BiFunction<CallScope, K, Page<T, K>> read,
            Function<K, CompletableFuture<Page<T, K>>> readAsync) {

        PageIterator<T> iterator() {
            return new PageIterator<>() {
                private Iterator<T> current = List.<T>of().iterator();
                private K next = first;
                private boolean more = true;
                /** The failure of a page, once one failed: the iteration ends with it rather than asking again. */
                private Throwable failure;
                /** The composite call of this iteration once its first page is read, until it ends. */
                private CompositeCall call;

                @Override
                public boolean hasNext() {
                    if (failure != null) {
                        throw new IllegalStateException(
                                "a page of this iteration failed, so it cannot go on; a new iterator reads again from"
                                        + " the first page",
                                failure);
                    }
                    while (!current.hasNext() && more) {
                        Page<T, K> page = readOrFail(next);
                        current = page.items().iterator();
                        next = page.next();
                        more = next != null;
                        if (!more) {
                            endCall();
                        }
                    }
                    return current.hasNext();
                }

                private Page<T, K> readOrFail(K token) {
                    try {
                        return read(token);
                    } catch (RuntimeException | Error e) {
                        failure = e;
                        more = false;
                        throw e;
                    }
                }

                private Page<T, K> read(K token) {
                    if (calls == null) {
                        return read.apply(null, token);
                    }
                    if (call == null) {
                        call = calls.get();
                    }
                    try {
                        return call.step(scope -> read.apply(scope, token));
                    } catch (RuntimeException e) {
                        call = null; // the failed page ended it
                        throw e;
                    }
                }

                private void endCall() {
                    if (call != null) {
                        call.end();
                        call = null;
                    }
                }

                @Override
                public T next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    return current.next();
                }

                @Override
                public void close() {
                    more = false;
                    current = List.<T>of().iterator();
                    endCall();
                }
            };
        }

        <R> CompletableFuture<R> readAllAsync(Consumer<? super T> action, Supplier<R> result) {
            AsyncReading<T, K, R> reading = new AsyncReading<>(readAsync, action, result);
            reading.followFirst(first);
            return reading.done;
        }
    }

    /**
     * One reading of every page without blocking. Each page is asked for from the completion of the one before and
     * completes {@link #done} itself at the end, so no chain of futures grows with the pages (a future composed of the
     * next page's future, for each page, held until the last); cancelling {@link #done} cancels the page in flight
     * and the calls sent for it (the page's future is often a stage derived from its call's, which would not).
     *
     * @param <R> what the reading gives once every page is read
     */
    private static final class AsyncReading<T, K, R> {

        /** The page asked for last: its future and the calls sent for it. */
        private record Asked<T, K>(CompletableFuture<Page<T, K>> page, PageCalls calls) {
            void cancel(boolean mayInterruptIfRunning) {
                page.cancel(mayInterruptIfRunning);
                calls.cancel();
            }
        }

        private final Function<K, CompletableFuture<Page<T, K>>> readAsync;
        private final Consumer<? super T> action;
        private final Supplier<R> result;
        private volatile Asked<T, K> inFlight;
        final CompletableFuture<R> done = new CompletableFuture<>() {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                boolean cancelled = super.cancel(mayInterruptIfRunning);
                Asked<T, K> asked = inFlight;
                if (cancelled && asked != null) {
                    asked.cancel(mayInterruptIfRunning);
                }
                return cancelled;
            }
        };

        AsyncReading(
                Function<K, CompletableFuture<Page<T, K>>> readAsync, Consumer<? super T> action, Supplier<R> result) {
            this.readAsync = readAsync;
            this.action = action;
            this.result = result;
        }

        /** Asks for the first page; a read that throws rather than failing its future fails the reading alike. */
        void followFirst(K token) {
            Asked<T, K> asked;
            try {
                asked = ask(token);
            } catch (RuntimeException | Error e) {
                done.completeExceptionally(wrapped(e));
                return;
            }
            follow(asked);
        }

        private Asked<T, K> ask(K token) {
            PageCalls calls = new PageCalls();
            return new Asked<>(calls.asking(() -> readAsync.apply(token)), calls);
        }

        void follow(Asked<T, K> asked) {
            inFlight = asked;
            if (done.isDone()) { // cancelled before the page was in flight
                asked.cancel(false);
                return;
            }
            asked.page().whenComplete((read, failure) -> {
                if (done.isDone()) {
                    return;
                }
                if (failure != null) {
                    done.completeExceptionally(wrapped(failure));
                    return;
                }
                try {
                    read.items().forEach(action);
                    if (read.next() == null) {
                        done.complete(result.get());
                    } else if (!done.isDone()) {
                        follow(ask(read.next()));
                    }
                } catch (Throwable e) {
                    done.completeExceptionally(wrapped(e));
                }
            });
        }

        /** Failures reach the caller wrapped as a composed stage wraps them: callers read the cause. */
        private static Throwable wrapped(Throwable failure) {
            return failure instanceof CompletionException ? failure : new CompletionException(failure);
        }
    }
}
