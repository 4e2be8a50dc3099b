package io.quarry.search.model;

/**
 * A rule that applied to a search (in {@code appliedRules}).
 *
 * @param objectID the rule's ID
 */
public record AppliedRule(String objectID) {}
