package io.quarry.search.model;

import java.util.List;

/**
 * The index list.
 *
 * @param items   the indices
 * @param nbPages number of pages (when paginated)
 */
public record ListIndicesResponse(List<IndexInfo> items, Integer nbPages) {}
