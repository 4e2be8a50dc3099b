package io.quarry.search.internal;

import io.quarry.search.model.MultiSearchResult;
import java.util.List;

/**
 * The wire form of a multi-index search response: one result per query, the hits of a search entry or the values
 * of a facet entry.
 *
 * @param results one result per query, in order
 * @param <T>     the record type of the hits
 */
public record MultiSearchJson<T>(List<MultiSearchResult<T>> results) {}
