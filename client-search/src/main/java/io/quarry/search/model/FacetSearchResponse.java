package io.quarry.search.model;

import java.util.List;

/**
 * The answer of a facet search.
 *
 * @param facetHits             values by decreasing frequency
 * @param exhaustiveFacetsCount whether the counts are exact, if said
 * @param processingTimeMS      engine time, if said
 */
public record FacetSearchResponse(List<FacetHit> facetHits, Boolean exhaustiveFacetsCount, Long processingTimeMS) {}
