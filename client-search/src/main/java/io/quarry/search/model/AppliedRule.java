package io.quarry.search.model;

/**
 * A rule that applied to a search (in {@code appliedRules}; the specification does not show the member, this is
 * the real service's shape).
 *
 * @param objectID the rule's ID
 */
public record AppliedRule(String objectID) {
}
