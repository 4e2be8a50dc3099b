package io.quarry.search.internal;

import io.quarry.search.model.MultiSearchResult;
import java.util.List;

/**
 * The wire form of a multi-index search response whose entries may be facet searches.
 *
 * @param results one result per query, in order
 * @param <T>     the record type of the hits
 */
public record MultiSearchResultsJson<T>(List<MultiSearchResult<T>> results) {}
