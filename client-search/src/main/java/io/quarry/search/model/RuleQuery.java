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
     * Checks the text, as {@link #of(String)} does: an empty text, not null, matches every rule.
     *
     * @param query see the record description
     * @param anchoring see the record description
     * @param context see the record description
     * @param page see the record description
     * @param hitsPerPage see the record description
     * @throws NullPointerException naming {@code query} if it is null
     */
    public RuleQuery {
        Objects.requireNonNull(query, "query");
    }

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
