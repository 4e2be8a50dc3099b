package io.quarry.search.model;

import java.util.Objects;

/**
 * One query of a multi-index search.
 *
 * @param indexName the index
 * @param query     the parameters
 */
public record IndexQuery(String indexName, SearchQuery query) {

    /**
     * Validates the parts.
     *
     * @param indexName the index
     * @param query     the parameters
     */
    public IndexQuery {
        Objects.requireNonNull(indexName, "indexName");
        Objects.requireNonNull(query, "query");
    }

    /**
     * A query on an index.
     *
     * @param indexName the index
     * @param query     the parameters
     * @return the query
     */
    public static IndexQuery of(String indexName, SearchQuery query) {
        return new IndexQuery(indexName, query);
    }
}
