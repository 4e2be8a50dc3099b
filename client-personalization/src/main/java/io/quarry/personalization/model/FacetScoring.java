package io.quarry.personalization.model;

/**
 * How much one facet counts when a profile is applied to a search.
 *
 * @param facetName the facet attribute, declared for faceting in the index
 * @param score     the weight, 1 to 100 (checked when the strategy is set)
 */
public record FacetScoring(String facetName, int score) {

    /**
     * A facet scoring.
     *
     * @param facetName the facet attribute
     * @param score     the weight, 1 to 100
     * @return the scoring
     */
    public static FacetScoring of(String facetName, int score) {
        return new FacetScoring(facetName, score);
    }
}
