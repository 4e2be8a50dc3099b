package io.quarry.search;

import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A lazy sequence over a paged read (browse, rules, synonyms, dictionary entries, user IDs): pages are fetched
 * while iterating, each {@link #iterator()} starts over. A failed call throws its
 * {@link io.quarry.core.QuarryException} out of the iteration; it never ends it silently.
 *
 * @param <T> the item type
 */
public final class PagedIterable<T> implements Iterable<T> {

    private final Supplier<Iterator<T>> iterators;

    PagedIterable(Supplier<Iterator<T>> iterators) {
        this.iterators = Objects.requireNonNull(iterators, "iterators");
    }

    /** @return a new lazy iterator from the first page */
    @Override
    public Iterator<T> iterator() {
        return iterators.get();
    }

    /** @return a sequential, lazy stream over the items */
    public Stream<T> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(),
                Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    /** @return every item, reading all pages now */
    public List<T> toList() {
        return stream().toList();
    }
}
