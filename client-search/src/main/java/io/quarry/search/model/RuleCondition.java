package io.quarry.search.model;

import java.util.Objects;

/**
 * When a rule applies.
 *
 * @param pattern   query pattern
 * @param anchoring how the pattern sits in the query ({@link Anchoring#IS}, {@link Anchoring#CONTAINS}, ...)
 * @param context   rule context that must be active, or null
 * @param filters   filters that must be present, or null
 * @param alternatives whether the pattern also matches the query words' alternatives (plurals, synonyms, typos),
 *     or null for the service default, false
 */
public record RuleCondition(String pattern, Anchoring anchoring, String context, String filters, Boolean alternatives) {

    /**
     * A condition on the query text.
     *
     * @param pattern   the pattern
     * @param anchoring the anchoring
     * @return the condition
     * @throws NullPointerException naming {@code pattern} or {@code anchoring} if it is null (a condition on a
     *     context alone is {@link #whenContext(String)})
     */
    public static RuleCondition of(String pattern, Anchoring anchoring) {
        return new RuleCondition(
                Objects.requireNonNull(pattern, "pattern"),
                Objects.requireNonNull(anchoring, "anchoring"),
                null,
                null,
                null);
    }

    /**
     * A condition that holds when a rule context is active, whatever the query.
     *
     * @param context the context
     * @return the condition
     * @throws NullPointerException naming {@code context} if it is null
     */
    public static RuleCondition whenContext(String context) {
        return new RuleCondition(null, null, Objects.requireNonNull(context, "context"), null, null);
    }

    /**
     * Sets {@code context}: the rule context that must also be active.
     *
     * @param name the context
     * @return a copy
     */
    public RuleCondition context(String name) {
        return new RuleCondition(pattern, anchoring, name, filters, alternatives);
    }

    /**
     * Sets {@code alternatives}: whether the pattern also matches the query words' plurals, synonyms and typos.
     *
     * @param on whether it does
     * @return a copy
     */
    public RuleCondition alternatives(boolean on) {
        return new RuleCondition(pattern, anchoring, context, filters, on);
    }
}
