package io.quarry.search.model;

import java.util.List;
import java.util.Objects;

/**
 * A rule of an index. It is stored under its {@code objectID}; its {@code conditions} say when it applies, its
 * {@code consequence} what it changes, and {@code description} and {@code enabled} document and switch it.
 *
 * @param objectID    the rule's ID
 * @param conditions  when it applies
 * @param consequence what it does
 * @param description a label, or null
 * @param enabled     whether it applies (null means the service default, true)
 * @param validity    the periods it applies in (any of them), or null for always
 */
public record Rule(
        String objectID,
        List<RuleCondition> conditions,
        RuleConsequence consequence,
        String description,
        Boolean enabled,
        List<TimeRange> validity) {

    /**
     * Validates the ID.
     *
     * @param conditions  when it applies
     * @param consequence what it does
     * @param description a label, or null
     * @param enabled     whether it applies (null means the service default, true)
     * @param objectID    the rule's ID
     * @param validity    the periods it applies in, or null for always
     */
    public Rule {
        Objects.requireNonNull(objectID, "objectID");
        conditions = conditions == null ? null : List.copyOf(conditions);
        validity = validity == null ? null : List.copyOf(validity);
    }

    /**
     * A rule with one condition.
     *
     * @param objectID    the ID
     * @param condition   when it applies
     * @param consequence what it does
     * @return the rule
     */
    public static Rule of(String objectID, RuleCondition condition, RuleConsequence consequence) {
        return new Rule(objectID, List.of(condition), consequence, null, null, null);
    }

    /**
     * Sets {@code description}: a label.
     *
     * @param text a label
     * @return a new rule
     */
    public Rule description(String text) {
        return new Rule(objectID, conditions, consequence, text, enabled, validity);
    }

    /**
     * Sets {@code enabled}: whether it applies.
     *
     * @param on whether it applies
     * @return a new rule
     */
    public Rule enabled(boolean on) {
        return new Rule(objectID, conditions, consequence, description, on, validity);
    }

    /**
     * Sets {@code validity}: the periods the rule applies in (any of them); each may leave its start or its end
     * open.
     *
     * @param ranges the periods
     * @return a new rule
     */
    public Rule validity(TimeRange... ranges) {
        return new Rule(objectID, conditions, consequence, description, enabled, List.of(ranges));
    }
}
