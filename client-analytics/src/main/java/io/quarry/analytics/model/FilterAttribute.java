package io.quarry.analytics.model;

/**
 * An attribute searches filtered on.
 *
 * @param attribute the attribute
 * @param count how many searches filtered on it
 */
public record FilterAttribute(String attribute, long count) {}
