package io.quarry.search.model;

/**
 * When a rule applies.
 *
 * @param pattern   query pattern
 * @param anchoring how the pattern sits in the query ({@link Anchoring#IS}, {@link Anchoring#CONTAINS}, ...)
 * @param context   rule context that must be active, or null
 * @param filters   filters that must be present, or null
 */
public record RuleCondition(String pattern, Anchoring anchoring, String context, String filters) {

    /**
     * A condition on the query text.
     *
     * @param pattern   the pattern
     * @param anchoring the anchoring
     * @return the condition
     */
    public static RuleCondition of(String pattern, Anchoring anchoring) {
        return new RuleCondition(pattern, anchoring, null, null);
    }

    /**
     * A condition that holds when a rule context is active, whatever the query.
     *
     * @param context the context
     * @return the condition
     */
    public static RuleCondition whenContext(String context) {
        return new RuleCondition(null, null, context, null);
    }

    /**
     * Sets {@code context}: the rule context that must also be active.
     *
     * @param name the context
     * @return a copy
     */
    public RuleCondition context(String name) {
        return new RuleCondition(pattern, anchoring, name, filters);
    }
}
