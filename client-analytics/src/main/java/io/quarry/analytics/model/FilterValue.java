package io.quarry.analytics.model;

/**
 * A filter value searches used, and how often.
 *
 * @param attribute the attribute
 * @param operator the comparison, such as {@code :} or {@code >}
 * @param value the value
 * @param count how many searches used it
 */
public record FilterValue(String attribute, String operator, String value, long count) {}
