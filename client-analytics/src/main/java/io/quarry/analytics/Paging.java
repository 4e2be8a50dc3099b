package io.quarry.analytics;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.core.PagedIterable;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.Page;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Top lists read page by page over {@code limit} and {@code offset}, stopping at the service's 1000th row. A call
 * observer sees the pages of one iteration inside one composite call, named after the helper.
 */
final class Paging {

    static final int DEFAULT_PAGE_SIZE = 100;

    private Paging() {}

    /**
     * The rows of a top list.
     *
     * @param scope     the scope the composite call starts from
     * @param operation the composite call's name, the helper's ({@code browseTopSearches})
     * @param query     the query, whose limit is the page size and offset the first row
     * @param read      reads a page, blocking, through the scope it is given
     * @param readAsync reads a page without blocking (the caller makes that read composite)
     * @param rows      the rows of a page's answer
     */
    static <R, T> PagedIterable<T> rows(
            CallScope scope,
            String operation,
            AnalyticsQuery query,
            BiFunction<CallScope, AnalyticsQuery, R> read,
            Function<AnalyticsQuery, CompletableFuture<R>> readAsync,
            Function<R, List<T>> rows) {
        int size = query.limit() == null || query.limit() == 0 ? DEFAULT_PAGE_SIZE : query.limit();
        int first = query.offset() == null ? 0 : query.offset();
        return PagedIterable.<T, Integer>inCompositeCall(
                scope,
                operation,
                first,
                (pageScope, offset) -> offset >= AnalyticsQuery.MAX_LIMIT
                        ? nothing()
                        : page(rows.apply(read.apply(pageScope, pageQuery(query, offset, size))), offset, size),
                offset -> offset >= AnalyticsQuery.MAX_LIMIT
                        ? CompletableFuture.completedFuture(nothing())
                        : readAsync
                                .apply(pageQuery(query, offset, size))
                                .thenApply(r -> page(rows.apply(r), offset, size)));
    }

    /** The page past the deepest row: the service has none, so it is not asked. */
    private static <T> Page<T, Integer> nothing() {
        return new Page<>(List.of(), null);
    }

    private static AnalyticsQuery pageQuery(AnalyticsQuery query, int offset, int size) {
        return query.offset(offset).limit(Math.min(size, AnalyticsQuery.MAX_LIMIT - offset));
    }

    private static <T> Page<T, Integer> page(List<T> items, int offset, int size) {
        int next = offset + items.size();
        boolean more = items.size() == Math.min(size, AnalyticsQuery.MAX_LIMIT - offset)
                && !items.isEmpty()
                && next < AnalyticsQuery.MAX_LIMIT;
        return new Page<>(items, more ? next : null);
    }
}
