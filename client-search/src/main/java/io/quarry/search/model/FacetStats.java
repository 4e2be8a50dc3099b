package io.quarry.search.model;

/**
 * Statistics of a numeric facet over the hits.
 *
 * @param min smallest value
 * @param max largest value
 * @param avg average value
 * @param sum sum of the values
 */
public record FacetStats(Double min, Double max, Double avg, Double sum) {}
