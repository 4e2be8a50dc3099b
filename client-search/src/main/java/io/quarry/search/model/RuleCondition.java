package io.quarry.search.model;

/**
 * When a rule applies.
 *
 * @param pattern   query pattern
 * @param anchoring {@code is}, {@code startsWith}, {@code endsWith} or {@code contains}
 * @param context   rule context that must be active, or null
 * @param filters   filters that must be present, or null
 */
public record RuleCondition(String pattern, String anchoring, String context, String filters) {

    /**
     * A condition on the query text.
     *
     * @param pattern   the pattern
     * @param anchoring the anchoring
     * @return the condition
     */
    public static RuleCondition of(String pattern, String anchoring) {
        return new RuleCondition(pattern, anchoring, null, null);
    }
}
