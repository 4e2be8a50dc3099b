package io.quarry.analytics.model;

import java.util.List;

/**
 * The filter values most used for some attributes.
 *
 * @param values the rows, most frequent first
 */
public record FilterValues(List<FilterValue> values) {}
