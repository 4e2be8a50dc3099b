package io.quarry.core;

import io.quarry.core.spi.Page;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A lazy sequence over a paged read (browse, rules, synonyms, dictionary entries, user IDs, ...): pages are fetched
 * while iterating, and each {@link #iterator()} starts over from the first page. A failed call throws its
 * {@link QuarryException} out of the iteration; it never ends it silently. The asynchronous forms
 * {@link #toListAsync()} and {@link #forEachAsync(Consumer)} read the pages one after another without blocking a
 * thread.
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
     * @param readAsync reads the page of a token without blocking
     * @param <T>       the item type
     * @param <K>       the token type
     * @return the lazy sequence
     */
    public static <T, K> PagedIterable<T> of(
            K first, Function<K, Page<T, K>> read, Function<K, CompletableFuture<Page<T, K>>> readAsync) {
        return new PagedIterable<>(new PageChain<>(
                first, Objects.requireNonNull(read, "read"), Objects.requireNonNull(readAsync, "readAsync")));
    }

    /** @return a new lazy iterator from the first page */
    @Override
    public Iterator<T> iterator() {
        return chain.iterator();
    }

    /** @return a sequential, lazy stream over the items */
    public Stream<T> stream() {
        return StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    /** @return every item, reading all pages now */
    public List<T> toList() {
        return stream().toList();
    }

    /**
     * Reads every page without blocking and collects the items.
     *
     * @return the future items, in order; it fails with the first failed call's {@link QuarryException}
     */
    public CompletableFuture<List<T>> toListAsync() {
        List<T> sink = new ArrayList<>();
        return forEachAsync(sink::add).thenApply(done -> List.copyOf(sink));
    }

    /**
     * Reads every page without blocking, handing each item to {@code action} as its page arrives (one page at a
     * time, in order, on the thread that completed the page's call).
     *
     * @param action what to do with each item
     * @return a future completed after the last page; it fails with the first failed call's
     * {@link QuarryException} or what {@code action} threw
     */
    public CompletableFuture<Void> forEachAsync(Consumer<? super T> action) {
        return chain.forEachAsync(Objects.requireNonNull(action, "action"));
    }

    /** The pages of one read, linked by their tokens. */
    private record PageChain<T, K>(
            K first, Function<K, Page<T, K>> read, Function<K, CompletableFuture<Page<T, K>>> readAsync) {

        Iterator<T> iterator() {
            return new Iterator<>() {
                private Iterator<T> current = List.<T>of().iterator();
                private K next = first;
                private boolean more = true;

                @Override
                public boolean hasNext() {
                    while (!current.hasNext() && more) {
                        Page<T, K> page = read.apply(next);
                        current = page.items().iterator();
                        next = page.next();
                        more = next != null;
                    }
                    return current.hasNext();
                }

                @Override
                public T next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    return current.next();
                }
            };
        }

        CompletableFuture<Void> forEachAsync(Consumer<? super T> action) {
            return from(first, action);
        }

        private CompletableFuture<Void> from(K token, Consumer<? super T> action) {
            return readAsync.apply(token).thenCompose(page -> {
                page.items().forEach(action);
                return page.next() == null ? CompletableFuture.completedFuture(null) : from(page.next(), action);
            });
        }
    }
}
