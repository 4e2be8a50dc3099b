package io.quarry.search.model;

import java.util.List;

/**
 * A page of synonyms.
 *
 * @param hits   the synonyms
 * @param nbHits how many match in all
 */
public record SearchSynonymsResponse(List<Synonym> hits, long nbHits) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param hits see the record description
     * @param nbHits see the record description
     */
    public SearchSynonymsResponse {
        hits = Copies.list(hits);
    }
}
