package io.quarry.personalization.model;

import java.util.Objects;

/**
 * How much one facet counts when a profile is applied to a search.
 *
 * @param facetName the facet attribute, declared for faceting in the index
 * @param score     the weight, any integer (a facet scoring 0 or less gives its values no weight)
 */
public record FacetScoring(String facetName, int score) {

    /**
     * A facet scoring.
     *
     * @param facetName the facet attribute
     * @param score     the weight, any integer
     * @return the scoring
     */
    public static FacetScoring of(String facetName, int score) {
        return new FacetScoring(Objects.requireNonNull(facetName, "facetName"), score);
    }
}
