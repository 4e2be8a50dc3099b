package io.quarry.search.model;

import java.util.Objects;

/**
 * A dictionary search.
 *
 * @param query       the text (required; empty matches all)
 * @param page        zero-based page, or null (0)
 * @param hitsPerPage 1 to 1000, or null (20)
 * @param language    only this language, or null
 */
public record DictionaryQuery(String query, Integer page, Integer hitsPerPage, String language) {

    /**
     * Checks the text, which the service requires, as {@link #of(String)} does: an empty text matches every entry.
     *
     * @param query see the record description
     * @param page see the record description
     * @param hitsPerPage see the record description
     * @param language see the record description
     * @throws NullPointerException naming {@code query} if it is null
     */
    public DictionaryQuery {
        Objects.requireNonNull(query, "query");
    }

    /**
     * A search for text.
     *
     * @param query the text
     * @return the query
     */
    public static DictionaryQuery of(String query) {
        return new DictionaryQuery(Objects.requireNonNull(query, "query"), null, null, null);
    }

    /**
     * Sets {@code page}: zero-based page.
     *
     * @param p zero-based page
     * @return a copy
     */
    public DictionaryQuery page(int p) {
        return new DictionaryQuery(query, p, hitsPerPage, language);
    }

    /**
     * Sets {@code hitsPerPage}: hits per page.
     *
     * @param n hits per page
     * @return a copy
     */
    public DictionaryQuery hitsPerPage(int n) {
        return new DictionaryQuery(query, page, n, language);
    }

    /**
     * Sets {@code language}: language ISO code.
     *
     * @param code language ISO code
     * @return a copy
     */
    public DictionaryQuery language(String code) {
        return new DictionaryQuery(query, page, hitsPerPage, code);
    }
}
