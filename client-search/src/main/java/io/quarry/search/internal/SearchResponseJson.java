package io.quarry.search.internal;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarry.core.FreeFormRecord;
import io.quarry.search.model.FacetStats;
import java.util.List;
import java.util.Map;

/**
 * The wire form of a search or browse response, hits kept free-form until the caller's type is known.
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
 */
public record SearchResponseJson(
        List<FreeFormRecord> hits,
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
        String queryID) {
}
