package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;
import java.util.Objects;

/**
 * A search for the values of one facet of an index ({@code SearchIndex.searchForFacetValues}): the facet, declared
 * {@code searchable(...)} in attributesForFaceting, and optionally the text to look for in its values, the search
 * parameters narrowing the records whose values count, and how many values to return. {@link #of(String)} names
 * the facet; the withers set one member each. A member left null is left to the service: no text (the values most
 * records have), no parameters (every record), 10 values.
 *
 * <p>The members are named as those of a facet entry of a multi-index search
 * ({@link IndexQuery#facet(String, String, String, SearchQuery)}), which the service answers alike.
 *
 * @param facet        the facet attribute, not empty
 * @param facetQuery   the text to look for in the facet's values, or null for none
 * @param query        search parameters narrowing the records whose values count, or null for none
 * @param maxFacetHits most values returned, 1 to 100, or null for the service's 10
 */
public record FacetValuesQuery(String facet, String facetQuery, SearchQuery query, Integer maxFacetHits) {

    /** The most values the service returns for one facet search: it refuses a larger {@code maxFacetHits}. */
    private static final int MOST_FACET_HITS = 100;

    /**
     * Checks the members, as the factory and the withers do.
     *
     * @param facet        see the record description
     * @param facetQuery   see the record description
     * @param query        see the record description
     * @param maxFacetHits see the record description
     * @throws NullPointerException naming {@code facet} if it is null
     * @throws InvalidRequestException for an empty facet name, or {@code maxFacetHits} outside 1 to 100
     */
    public FacetValuesQuery {
        Objects.requireNonNull(facet, "facet");
        if (facet.isEmpty()) {
            throw new InvalidRequestException("A facet value search needs a facet name");
        }
        checkMaxFacetHits(maxFacetHits);
    }

    /**
     * Refuses a number of facet values the service refuses, for this search and a multi-search's facet entry alike.
     *
     * @param maxFacetHits the number asked for, or null for the service's default
     * @throws InvalidRequestException when it is outside 1 to 100
     */
    static void checkMaxFacetHits(Integer maxFacetHits) {
        if (maxFacetHits != null && (maxFacetHits < 1 || maxFacetHits > MOST_FACET_HITS)) {
            throw new InvalidRequestException("maxFacetHits must be 1 to " + MOST_FACET_HITS + ", not " + maxFacetHits);
        }
    }

    /**
     * A search for the values of a facet: the 10 values most records have, counted over every record.
     *
     * @param facet the facet attribute
     * @return the query
     * @throws NullPointerException naming {@code facet} if it is null
     * @throws InvalidRequestException for an empty facet name
     */
    public static FacetValuesQuery of(String facet) {
        return new FacetValuesQuery(facet, null, null, null);
    }

    /**
     * Sets {@code facetQuery}: the text to look for in the facet's values.
     *
     * @param text the text, or null for none
     * @return a new query
     */
    public FacetValuesQuery facetQuery(String text) {
        return new FacetValuesQuery(facet, text, query, maxFacetHits);
    }

    /**
     * Sets {@code query}: the search parameters narrowing the records whose values count (a filter, a query text);
     * pagination does not apply.
     *
     * @param parameters the search parameters, or null for none
     * @return a new query
     */
    public FacetValuesQuery query(SearchQuery parameters) {
        return new FacetValuesQuery(facet, facetQuery, parameters, maxFacetHits);
    }

    /**
     * Sets {@code maxFacetHits}: most values returned.
     *
     * @param hits most values returned, 1 to 100
     * @return a new query
     * @throws InvalidRequestException when {@code hits} is outside 1 to 100
     */
    public FacetValuesQuery maxFacetHits(int hits) {
        return new FacetValuesQuery(facet, facetQuery, query, hits);
    }
}
