package io.quarry.search.model;

import java.util.List;

/**
 * A page of rules.
 *
 * @param hits    the rules
 * @param nbHits  how many match
 * @param page    zero-based page
 * @param nbPages number of pages
 */
public record SearchRulesResponse(List<Rule> hits, long nbHits, int page, int nbPages) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param hits see the record description
     * @param nbHits see the record description
     * @param page see the record description
     * @param nbPages see the record description
     */
    public SearchRulesResponse {
        hits = Copies.list(hits);
    }
}
