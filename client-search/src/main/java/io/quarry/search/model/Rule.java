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
 * @param tags        labels to find and group rules by, or null
 */
public record Rule(
        String objectID,
        List<RuleCondition> conditions,
        RuleConsequence consequence,
        String description,
        Boolean enabled,
        List<TimeRange> validity,
        List<String> tags) {

    /**
     * Validates the ID.
     *
     * @param conditions  when it applies
     * @param consequence what it does
     * @param description a label, or null
     * @param enabled     whether it applies (null means the service default, true)
     * @param objectID    the rule's ID
     * @param validity    the periods it applies in, or null for always
     * @param tags        labels, or null
     */
    public Rule {
        Objects.requireNonNull(objectID, "objectID");
        conditions = conditions == null ? null : List.copyOf(conditions);
        validity = validity == null ? null : List.copyOf(validity);
        tags = tags == null ? null : List.copyOf(tags);
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
        Objects.requireNonNull(condition, "condition");
        Objects.requireNonNull(consequence, "consequence");
        return new Rule(objectID, List.of(condition), consequence, null, null, null, null);
    }

    /**
     * Sets {@code description}: a label.
     *
     * @param text a label, or null for none
     * @return a new rule
     */
    public Rule description(String text) {
        return new Rule(objectID, conditions, consequence, text, enabled, validity, tags);
    }

    /**
     * Sets {@code enabled}: whether it applies.
     *
     * @param on whether it applies
     * @return a new rule
     */
    public Rule enabled(boolean on) {
        return new Rule(objectID, conditions, consequence, description, on, validity, tags);
    }

    /**
     * Sets {@code validity}: the periods the rule applies in (any of them); each may leave its start or its end
     * open.
     *
     * @param ranges the periods
     * @return a new rule
     */
    public Rule validity(TimeRange... ranges) {
        Objects.requireNonNull(ranges, "ranges");
        return new Rule(objectID, conditions, consequence, description, enabled, List.of(ranges), tags);
    }

    /**
     * Sets {@code tags}: labels to find and group rules by.
     *
     * @param labels the labels
     * @return a new rule
     */
    public Rule tags(String... labels) {
        Objects.requireNonNull(labels, "labels");
        return new Rule(objectID, conditions, consequence, description, enabled, validity, List.of(labels));
    }
}
