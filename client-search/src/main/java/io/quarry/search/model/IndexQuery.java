package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;
import java.util.Objects;

/**
 * One query of a multi-index search: a search of an index's hits, made with {@link #of(String, SearchQuery)}, or a
 * search for the values of one of its facets, made with {@link #facet(String, String, String, SearchQuery)} (and
 * {@link #maxFacetHits(int)}) and answered as {@link MultiSearchResult#facetSearch()}.
 *
 * <p>Those two factories are the way to make one. The canonical constructor is public because every record's is:
 * it is the full form that a record pattern takes apart, and it checks the same rules as the factories.
 *
 * @param indexName    the index
 * @param query        the parameters (for a facet entry, those narrowing the records whose values count)
 * @param facet        the facet whose values are searched, or null for a search of hits
 * @param facetQuery   the text to look for in the facet's values, or null (facet entries only)
 * @param maxFacetHits most values returned, 1 to 100, or null for the default 10 (facet entries only)
 */
public record IndexQuery(String indexName, SearchQuery query, String facet, String facetQuery, Integer maxFacetHits) {

    /**
     * Validates the parts.
     *
     * @param indexName    the index
     * @param query        the parameters
     * @param facet        the facet whose values are searched, or null for a search of hits
     * @param facetQuery   the text to look for in the facet's values, or null
     * @param maxFacetHits most values returned, 1 to 100, or null
     * @throws InvalidRequestException for facet parameters without a facet, an empty facet name, or
     *     {@code maxFacetHits} outside 1 to 100 (the service refuses it)
     */
    public IndexQuery {
        Objects.requireNonNull(indexName, "indexName");
        Objects.requireNonNull(query, "query");
        if (facet == null && (facetQuery != null || maxFacetHits != null)) {
            throw new InvalidRequestException("facetQuery and maxFacetHits need a facet");
        }
        if (facet != null && facet.isEmpty()) {
            throw new InvalidRequestException("A facet entry needs a facet name");
        }
        FacetValuesQuery.checkMaxFacetHits(maxFacetHits);
    }

    /**
     * A search of hits.
     *
     * @param indexName the index
     * @param query     the parameters
     * @return the query
     */
    public static IndexQuery of(String indexName, SearchQuery query) {
        return new IndexQuery(indexName, query, null, null, null);
    }

    /**
     * A search for the values of a facet (declared {@code searchable(...)} in attributesForFaceting), answered
     * like {@code searchForFacetValues}.
     *
     * @param indexName  the index
     * @param facet      the facet attribute
     * @param facetQuery the text to look for in the values, or null for the most frequent values
     * @param query      search parameters narrowing the records counted
     * @return the query
     */
    public static IndexQuery facet(String indexName, String facet, String facetQuery, SearchQuery query) {
        return new IndexQuery(indexName, query, Objects.requireNonNull(facet, "facet"), facetQuery, null);
    }

    /**
     * Sets {@code maxFacetHits} of a facet entry.
     *
     * @param hits most values returned, 1 to 100
     * @return a new query
     * @throws InvalidRequestException on an entry that is not a facet search
     */
    public IndexQuery maxFacetHits(int hits) {
        return new IndexQuery(indexName, query, facet, facetQuery, hits);
    }

    /** {@return whether this entry searches the values of a facet rather than hits} */
    public boolean isFacetSearch() {
        return facet != null;
    }
}
