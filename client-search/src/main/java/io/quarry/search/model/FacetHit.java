package io.quarry.search.model;

/**
 * One facet value found by a facet search.
 *
 * @param value       the raw value
 * @param highlighted the value with match markup
 * @param count       records holding the value (may not be exhaustive)
 */
public record FacetHit(String value, String highlighted, long count) {}
