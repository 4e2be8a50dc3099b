package io.quarry.search.internal;

import io.quarry.core.DeserializationException;
import io.quarry.search.model.MultiSearchResult;
import java.util.List;

/**
 * The wire form of a multi-index search response: one result per query, the hits of a search entry or the values
 * of a facet entry.
 *
 * @param results one result per query, in order
 * @param <T>     the record type of the hits
 */
public record MultiSearchJson<T>(List<MultiSearchResult<T>> results) {

    /**
     * The results, one per query in the queries' order. Without the list, with a null in it, or with another number
     * of results than queries, no result could be told to stand for its query (leaving one out would shift the
     * others), so the answer cannot be read.
     *
     * @param queries the number of queries sent
     * @return the results, unmodifiable
     * @throws DeserializationException if the list is missing, holds a null or has another size
     */
    public List<MultiSearchResult<T>> perQuery(int queries) {
        if (results == null) {
            throw new DeserializationException(MultiSearchJson.class, "$.results", "the answer has no results", null);
        }
        if (results.size() != queries) {
            throw new DeserializationException(
                    MultiSearchJson.class,
                    "$.results",
                    "the answer has " + results.size() + " results for " + queries + " queries",
                    null);
        }
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i) == null) {
                throw new DeserializationException(
                        MultiSearchJson.class, "$.results[" + i + "]", "a query's result is null", null);
            }
        }
        return List.copyOf(results);
    }
}
