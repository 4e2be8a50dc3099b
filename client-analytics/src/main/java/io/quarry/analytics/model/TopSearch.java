package io.quarry.analytics.model;

/**
 * One of the most frequent searches (asked without click analytics).
 *
 * @param search the query as the user typed it
 * @param count how many times it was searched
 * @param nbHits the average number of hits it found
 */
public record TopSearch(String search, long count, long nbHits) {}
