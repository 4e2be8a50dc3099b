package io.quarry.search.internal;

import io.quarry.core.spi.JsonBodies;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.MultiSearchStrategy;
import java.util.List;
import java.util.Map;

/**
 * The body of a multi-index search: each query as {@code {indexName, params}} with URL-encoded params; a facet entry
 * adds {@code type: facet}, {@code facet}, {@code facetQuery} and {@code maxFacetHits}.
 */
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
                .map(q -> q.isFacetSearch()
                        ? JsonBodies.object(
                                "indexName",
                                q.indexName(),
                                "type",
                                "facet",
                                "facet",
                                q.facet(),
                                "params",
                                q.query().toParamString(),
                                "facetQuery",
                                q.facetQuery(),
                                "maxFacetHits",
                                q.maxFacetHits())
                        : JsonBodies.object(
                                "indexName", q.indexName(), "params", q.query().toParamString()))
                .toList();
        return JsonBodies.object("requests", requests, "strategy", strategy);
    }
}
