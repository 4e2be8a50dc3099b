package io.quarry.analytics;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.core.PagedIterable;
import io.quarry.core.spi.Page;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** Top lists read page by page over {@code limit} and {@code offset}, stopping at the service's 1000th row. */
final class Paging {

    static final int DEFAULT_PAGE_SIZE = 100;

    private Paging() {}

    static <R, T> PagedIterable<T> rows(
            AnalyticsQuery query,
            Function<AnalyticsQuery, R> read,
            Function<AnalyticsQuery, CompletableFuture<R>> readAsync,
            Function<R, List<T>> rows) {
        int size = query.limit() == null || query.limit() == 0 ? DEFAULT_PAGE_SIZE : query.limit();
        int first = query.offset() == null ? 0 : query.offset();
        return PagedIterable.<T, Integer>of(
                first >= AnalyticsQuery.MAX_LIMIT ? null : first,
                offset -> page(rows.apply(read.apply(pageQuery(query, offset, size))), offset, size),
                offset -> readAsync
                        .apply(pageQuery(query, offset, size))
                        .thenApply(r -> page(rows.apply(r), offset, size)));
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
