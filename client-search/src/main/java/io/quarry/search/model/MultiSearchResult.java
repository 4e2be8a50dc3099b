package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Optional;

/**
 * One result of a multi-index search holding both kinds of entries: the hits of a search entry, or the values of
 * a facet entry ({@link IndexQuery#facet(String, String, String, SearchQuery)}).
 *
 * <p>Compared by identity, as the {@link SearchResponse} it may hold is. A test compares its entry.
 *
 * @param <T> the record type of the hits
 */
public final class MultiSearchResult<T> {

    private final SearchResponse<T> search;
    private final FacetSearchResponse facetSearch;
    private final String index;

    private MultiSearchResult(SearchResponse<T> search, FacetSearchResponse facetSearch, String index) {
        this.search = search;
        this.facetSearch = facetSearch;
        this.index = index;
    }

    // Jackson reads the wire form; a facet entry's result is the one carrying facetHits.
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static <T> MultiSearchResult<T> of(SearchResponseJson<T> json) {
        if (json.facetHits() != null) {
            return new MultiSearchResult<>(
                    null,
                    new FacetSearchResponse(json.facetHits(), json.exhaustiveFacetsCount(), json.processingTimeMS()),
                    json.index());
        }
        return new MultiSearchResult<>(SearchResponse.of(json), null, json.index());
    }

    /** {@return whether this is the result of a facet entry} */
    public boolean isFacetSearch() {
        return facetSearch != null;
    }

    /** {@return the hits of a search entry; empty for a facet entry} */
    public Optional<SearchResponse<T>> search() {
        return Optional.ofNullable(search);
    }

    /** {@return the values of a facet entry; empty for a search entry} */
    public Optional<FacetSearchResponse> facetSearch() {
        return Optional.ofNullable(facetSearch);
    }

    /** {@return the index the entry searched, if said} */
    public Optional<String> index() {
        return Optional.ofNullable(index);
    }

    @Override
    public String toString() {
        return isFacetSearch() ? "MultiSearchResult[facet " + facetSearch + "]" : "MultiSearchResult[" + search + "]";
    }
}
