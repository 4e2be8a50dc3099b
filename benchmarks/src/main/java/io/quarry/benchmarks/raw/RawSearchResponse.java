package io.quarry.benchmarks.raw;

import io.quarry.benchmarks.data.Product;
import java.util.List;

/**
 * A search response as the baseline decodes it: the typed hits and the paging members.
 *
 * @param hits the hits, typed
 * @param nbHits the number of matches
 * @param page the page number
 * @param nbPages the number of pages
 * @param hitsPerPage the page size
 * @param processingTimeMS the server time
 * @param query the query
 * @param params the parameters as the server read them
 */
public record RawSearchResponse(
        List<Product> hits,
        long nbHits,
        int page,
        int nbPages,
        int hitsPerPage,
        long processingTimeMS,
        String query,
        String params) {}
