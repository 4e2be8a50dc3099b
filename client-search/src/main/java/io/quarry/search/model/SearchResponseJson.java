package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarry.core.EnrichedRecord;
import io.quarry.core.spi.CopyOnWrite;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A search or browse response as received, each hit decoded into the caller's record type with its generated
 * members kept aside; {@link SearchResponse} is its public form. A class whose fields Jackson sets rather than a
 * record: a creator of this many parameters costs about half a kilobyte of method-handle garbage per response
 * on Java 17. The fields are set once, while decoding, and never changed.
 *
 * <p>Its members:
 * <ul>
 * <li>hits: the hits
 * <li>page: zero-based page
 * <li>nbHits: number of hits
 * <li>nbPages: number of pages
 * <li>hitsPerPage: hits per page
 * <li>processingTimeMS: engine time
 * <li>query: the query text
 * <li>parsedQuery: the query as parsed
 * <li>params: the applied parameters, URL-encoded
 * <li>index: the index (multi-index search)
 * <li>processed: false on a query skipped by the stopIfEnoughMatches strategy
 * <li>cursor: browse cursor, absent at the end
 * <li>facets: facet counts
 * <li>facetsStats: numeric facet statistics
 * <li>exhaustiveNbHits: whether nbHits is exact
 * <li>queryID: the query ID (click analytics)
 * <li>userData: the {@code userData} of the rules that applied
 * <li>appliedRules: the rules that applied
 * <li>facetHits: the values found, on a facet entry of a multi-index search
 * <li>exhaustiveFacetsCount: whether the facet counts are exact, on a facet entry
 * <li>automaticRadius: the radius the engine chose for a search around a point without one, in meters
 * </ul>
 *
 * @param <T> the record type
 */
final class SearchResponseJson<T> {

    @JsonProperty("hits")
    private List<EnrichedRecord<T>> hits;

    @JsonProperty("page")
    private Integer page;

    @JsonProperty("nbHits")
    private Long nbHits;

    @JsonProperty("nbPages")
    private Integer nbPages;

    @JsonProperty("hitsPerPage")
    private Integer hitsPerPage;

    @JsonProperty("processingTimeMS")
    private Long processingTimeMS;

    @JsonProperty("query")
    private String query;

    @JsonProperty("parsed_query")
    private String parsedQuery;

    @JsonProperty("params")
    private String params;

    @JsonProperty("index")
    private String index;

    @JsonProperty("processed")
    private Boolean processed;

    @JsonProperty("cursor")
    private String cursor;

    private Map<String, Map<String, Long>> facets;

    private Map<String, FacetStats> facetsStats;

    @JsonProperty("exhaustiveNbHits")
    private Boolean exhaustiveNbHits;

    @JsonProperty("queryID")
    private String queryID;

    private List<Object> userData;

    private List<AppliedRule> appliedRules;

    @JsonProperty("facetHits")
    private List<FacetHit> facetHits;

    @JsonProperty("exhaustiveFacetsCount")
    private Boolean exhaustiveFacetsCount;

    @JsonProperty("automaticRadius")
    @JsonDeserialize(using = AutomaticRadiusJson.class)
    private Integer automaticRadius;

    private SearchResponseJson() {}

    // The collections the response's accessors hand out are wrapped unmodifiable as they arrive: Jackson made them for
    // this answer alone, so no copy is needed (a search's facets can hold thousands of counts).

    @JsonProperty("facets")
    private void readFacets(Map<String, Map<String, Long>> facets) {
        if (facets != null) {
            facets.replaceAll((name, counts) -> counts == null ? null : Collections.unmodifiableMap(counts));
        }
        this.facets = facets == null ? null : Collections.unmodifiableMap(facets);
    }

    @JsonProperty("facets_stats")
    private void readFacetsStats(Map<String, FacetStats> facetsStats) {
        this.facetsStats = facetsStats == null ? null : Collections.unmodifiableMap(facetsStats);
    }

    @JsonProperty("userData")
    private void readUserData(List<Object> userData) {
        // plain JSON values the caller reads: copied all the way down (only rules with userData send any)
        this.userData = userData == null
                ? null
                : userData.stream().map(CopyOnWrite::unmodifiable).toList();
    }

    @JsonProperty("appliedRules")
    private void readAppliedRules(List<AppliedRule> appliedRules) {
        this.appliedRules = appliedRules == null ? null : Collections.unmodifiableList(appliedRules);
    }

    List<EnrichedRecord<T>> hits() {
        return hits;
    }

    Integer page() {
        return page;
    }

    Long nbHits() {
        return nbHits;
    }

    Integer nbPages() {
        return nbPages;
    }

    Integer hitsPerPage() {
        return hitsPerPage;
    }

    Long processingTimeMS() {
        return processingTimeMS;
    }

    String query() {
        return query;
    }

    String parsedQuery() {
        return parsedQuery;
    }

    String params() {
        return params;
    }

    String index() {
        return index;
    }

    Boolean processed() {
        return processed;
    }

    String cursor() {
        return cursor;
    }

    Map<String, Map<String, Long>> facets() {
        return facets;
    }

    Map<String, FacetStats> facetsStats() {
        return facetsStats;
    }

    Boolean exhaustiveNbHits() {
        return exhaustiveNbHits;
    }

    String queryID() {
        return queryID;
    }

    List<Object> userData() {
        return userData;
    }

    List<AppliedRule> appliedRules() {
        return appliedRules;
    }

    List<FacetHit> facetHits() {
        return facetHits;
    }

    Boolean exhaustiveFacetsCount() {
        return exhaustiveFacetsCount;
    }

    Integer automaticRadius() {
        return automaticRadius;
    }
}
