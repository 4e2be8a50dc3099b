package io.quarry.analytics.model;

import java.util.List;

/**
 * The most frequent searches without results.
 *
 * @param searches the rows, most frequent first
 */
public record NoResultSearches(List<NoResultSearch> searches) {}
