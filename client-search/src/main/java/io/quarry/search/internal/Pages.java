package io.quarry.search.internal;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Lazy iteration over a paged read: a page is fetched when the previous one is used up. A failed fetch throws
 * from {@code hasNext()}, so an error never looks like the end.
 */
public final class Pages {

    private Pages() {
    }

    /**
     * An iterator over every item.
     *
     * @param first the token of the first page (may be null)
     * @param fetch reads the page of a token
     * @param <T>   the item type
     * @param <K>   the token type
     * @return the lazy iterator
     */
    public static <T, K> Iterator<T> iterator(K first, Function<K, Page<T, K>> fetch) {
        return new Iterator<>() {
            private Iterator<T> current = List.<T>of().iterator();
            private K next = first;
            private boolean more = true;

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && more) {
                    Page<T, K> page = fetch.apply(next);
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

    /**
     * Reads every page without blocking and collects the items.
     *
     * @param first the token of the first page
     * @param fetch reads the page of a token
     * @param <T>   the item type
     * @param <K>   the token type
     * @return the future items, in order
     */
    public static <T, K> CompletableFuture<List<T>> collectAsync(K first,
                                                                 Function<K, CompletableFuture<Page<T, K>>> fetch) {
        return collect(first, fetch, new ArrayList<>());
    }

    private static <T, K> CompletableFuture<List<T>> collect(K token, Function<K, CompletableFuture<Page<T, K>>> fetch,
                                                            List<T> sink) {
        return fetch.apply(token).thenCompose(page -> {
            sink.addAll(page.items());
            return page.next() == null ? CompletableFuture.completedFuture(sink) : collect(page.next(), fetch, sink);
        });
    }

    /**
     * The next page number when pages are counted: stop on an empty page or the last one.
     *
     * @param page     the page just read
     * @param items    its item count
     * @param nbPages  number of pages, or -1 if unknown
     * @param pageSize the requested page size (a short page is the last when nbPages is unknown)
     * @return the next page, or null
     */
    public static Integer nextPage(int page, int items, int nbPages, int pageSize) {
        if (items == 0) {
            return null;
        }
        if (nbPages >= 0) {
            return page + 1 < nbPages ? page + 1 : null;
        }
        return items < pageSize ? null : page + 1;
    }
}
