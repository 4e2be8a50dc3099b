package io.quarry.search.model;

import java.util.Objects;

/**
 * A synonym search: text, optional type, page.
 *
 * @param query       the text; empty matches all
 * @param type        only this kind, or null
 * @param page        zero-based page, or null
 * @param hitsPerPage hits per page, or null
 */
public record SynonymQuery(String query, SynonymType type, Integer page, Integer hitsPerPage) {

    /**
     * Checks the text, as {@link #of(String)} does: an empty text, not null, matches every synonym.
     *
     * @param query see the record description
     * @param type see the record description
     * @param page see the record description
     * @param hitsPerPage see the record description
     * @throws NullPointerException naming {@code query} if it is null
     */
    public SynonymQuery {
        Objects.requireNonNull(query, "query");
    }

    /**
     * A search for text.
     *
     * @param query the text
     * @return the query
     */
    public static SynonymQuery of(String query) {
        return new SynonymQuery(Objects.requireNonNull(query, "query"), null, null, null);
    }

    /**
     * Sets {@code page}: zero-based page.
     *
     * @param p zero-based page
     * @return a new query
     */
    public SynonymQuery page(int p) {
        return new SynonymQuery(query, type, p, hitsPerPage);
    }

    /**
     * Sets {@code hitsPerPage}: hits per page.
     *
     * @param n hits per page
     * @return a new query
     */
    public SynonymQuery hitsPerPage(int n) {
        return new SynonymQuery(query, type, page, n);
    }

    /**
     * Sets {@code type}: the kind.
     *
     * @param t the kind
     * @return a new query
     */
    public SynonymQuery type(SynonymType t) {
        return new SynonymQuery(query, t, page, hitsPerPage);
    }
}
