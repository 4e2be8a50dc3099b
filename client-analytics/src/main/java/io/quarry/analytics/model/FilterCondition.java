package io.quarry.analytics.model;

/**
 * One filter of a search.
 *
 * @param attribute the attribute
 * @param operator the comparison, such as {@code :} or {@code >}
 * @param value the value compared with
 */
public record FilterCondition(String attribute, String operator, String value) {}
