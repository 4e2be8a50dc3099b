package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarry.core.EnrichedRecord;
import java.util.List;
import java.util.Map;

/**
 * A search or browse response as received, each hit decoded into the caller's record type with its generated
 * members kept aside; {@link SearchResponse} is its public form.
 *
 * @param hits             the hits
 * @param page             zero-based page
 * @param nbHits           number of hits
 * @param nbPages          number of pages
 * @param hitsPerPage      hits per page
 * @param processingTimeMS engine time
 * @param query            the query text
 * @param parsedQuery      the query as parsed
 * @param params           the applied parameters, URL-encoded
 * @param index            the index (multi-index search)
 * @param processed        false on a query skipped by the stopIfEnoughMatches strategy
 * @param cursor           browse cursor, absent at the end
 * @param facets           facet counts
 * @param facetsStats      numeric facet statistics
 * @param exhaustiveNbHits whether nbHits is exact
 * @param queryID          the query ID (click analytics)
 * @param userData         the {@code userData} of the rules that applied
 * @param appliedRules     the rules that applied
 * @param facetHits        the values found, on a facet entry of a multi-index search
 * @param exhaustiveFacetsCount whether the facet counts are exact, on a facet entry
 * @param <T>              the record type
 */
record SearchResponseJson<T>(
        List<EnrichedRecord<T>> hits,
        Integer page,
        Long nbHits,
        Integer nbPages,
        Integer hitsPerPage,
        Long processingTimeMS,
        String query,
        @JsonProperty("parsed_query") String parsedQuery,
        String params,
        String index,
        Boolean processed,
        String cursor,
        Map<String, Map<String, Long>> facets,
        @JsonProperty("facets_stats") Map<String, FacetStats> facetsStats,
        Boolean exhaustiveNbHits,
        String queryID,
        List<Object> userData,
        List<AppliedRule> appliedRules,
        List<FacetHit> facetHits,
        Boolean exhaustiveFacetsCount) {}
