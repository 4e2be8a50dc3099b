package io.quarry.search.internal;

import io.quarry.search.model.RawSearchResponse;
import java.util.List;

/**
 * The wire form of a multi-index search response.
 *
 * @param results one response per query, in order
 */
public record MultiSearchJson(List<RawSearchResponse> results) {
}
