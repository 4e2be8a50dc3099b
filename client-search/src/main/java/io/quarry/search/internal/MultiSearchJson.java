package io.quarry.search.internal;

import io.quarry.search.model.SearchResponse;
import java.util.List;

/**
 * The wire form of a multi-index search response.
 *
 * @param results one response per query, in order
 * @param <T>     the record type of the hits
 */
public record MultiSearchJson<T>(List<SearchResponse<T>> results) {}
