package io.quarry.search.model;

import java.util.Objects;

/**
 * A rule search.
 *
 * @param query       the text; empty matches all
 * @param anchoring   only rules with this anchoring, or null
 * @param context     only rules of this context, or null
 * @param page        zero-based page, or null
 * @param hitsPerPage hits per page, or null
 */
public record RuleQuery(String query, String anchoring, String context, Integer page, Integer hitsPerPage) {

    /**
     * A search for text.
     *
     * @param query the text
     * @return the query
     */
    public static RuleQuery of(String query) {
        return new RuleQuery(Objects.requireNonNull(query, "query"), null, null, null, null);
    }

    /**
     * Sets {@code page}: zero-based page.
     *
     * @param p zero-based page
     * @return a new query
     */
    public RuleQuery page(int p) {
        return new RuleQuery(query, anchoring, context, p, hitsPerPage);
    }

    /**
     * Sets {@code hitsPerPage}: hits per page.
     *
     * @param n hits per page
     * @return a new query
     */
    public RuleQuery hitsPerPage(int n) {
        return new RuleQuery(query, anchoring, context, page, n);
    }
}
