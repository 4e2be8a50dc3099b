package io.quarry.search.model;

import java.util.List;

/**
 * The answer of a facet search.
 *
 * @param facetHits             values by decreasing frequency
 * @param exhaustiveFacetsCount whether the counts are exact, if said
 * @param processingTimeMS      engine time, if said
 */
public record FacetSearchResponse(List<FacetHit> facetHits, Boolean exhaustiveFacetsCount, Long processingTimeMS) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param facetHits see the record description
     * @param exhaustiveFacetsCount see the record description
     * @param processingTimeMS see the record description
     */
    public FacetSearchResponse {
        facetHits = Copies.list(facetHits);
    }
}
