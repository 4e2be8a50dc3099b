package io.quarry.analytics.model;

/**
 * A frequent search that found nothing.
 *
 * @param search the query
 * @param count how many times it found nothing
 * @param withFilterCount how many of those times filters were applied
 */
public record NoResultSearch(String search, long count, long withFilterCount) {}
