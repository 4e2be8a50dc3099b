package io.quarry.analytics.model;

import java.util.List;

/**
 * The most frequent searches without clicks.
 *
 * @param searches the rows, most frequent first
 */
public record NoClickSearches(List<NoClickSearch> searches) {}
