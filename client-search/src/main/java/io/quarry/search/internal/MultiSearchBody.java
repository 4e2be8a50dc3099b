package io.quarry.search.internal;

import io.quarry.core.spi.JsonBodies;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.MultiSearchStrategy;
import java.util.List;
import java.util.Map;

/** The body of a multi-index search: each query as {@code {indexName, params}} with URL-encoded params. */
public final class MultiSearchBody {

    private MultiSearchBody() {}

    /**
     * Builds the body.
     *
     * @param queries  the queries
     * @param strategy the strategy, or null
     * @return the body
     */
    public static Map<String, Object> of(List<IndexQuery> queries, MultiSearchStrategy strategy) {
        List<Map<String, Object>> requests = queries.stream()
                .map(q -> JsonBodies.object(
                        "indexName", q.indexName(), "params", q.query().toParamString()))
                .toList();
        return JsonBodies.object("requests", requests, "strategy", strategy);
    }
}
