package io.quarry.analytics.model;

import java.util.List;

/**
 * The most frequent searches.
 *
 * @param searches the rows, most frequent first unless another order was asked
 */
public record TopSearches(List<TopSearch> searches) {}
