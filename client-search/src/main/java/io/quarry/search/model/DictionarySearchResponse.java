package io.quarry.search.model;

import java.util.List;

/**
 * A page of dictionary entries.
 *
 * @param hits    the entries
 * @param nbHits  how many match
 * @param page    zero-based page
 * @param nbPages number of pages
 */
public record DictionarySearchResponse(List<DictionaryEntry> hits, long nbHits, int page, int nbPages) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param hits see the record description
     * @param nbHits see the record description
     * @param page see the record description
     * @param nbPages see the record description
     */
    public DictionarySearchResponse {
        hits = Copies.list(hits);
    }
}
