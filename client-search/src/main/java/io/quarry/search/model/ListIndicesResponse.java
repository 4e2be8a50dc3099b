package io.quarry.search.model;

import java.util.List;

/**
 * The index list.
 *
 * @param items   the indices
 * @param nbPages number of pages (when paginated)
 */
public record ListIndicesResponse(List<IndexInfo> items, Integer nbPages) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param items see the record description
     * @param nbPages see the record description
     */
    public ListIndicesResponse {
        items = Copies.list(items);
    }
}
