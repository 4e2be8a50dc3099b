package io.quarry.analytics.model;

import java.util.List;

/**
 * The attributes most filtered on.
 *
 * @param attributes the rows, most frequent first
 */
public record TopFilterAttributes(List<FilterAttribute> attributes) {}
