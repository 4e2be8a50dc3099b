package io.quarry.benchmarks.raw;

import io.quarry.benchmarks.data.ProductBean;
import java.util.List;

/**
 * {@link RawSearchResponse} with its hits bound to {@link ProductBean}.
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
public record RawBeanSearchResponse(
        List<ProductBean> hits,
        long nbHits,
        int page,
        int nbPages,
        int hitsPerPage,
        long processingTimeMS,
        String query,
        String params) {}
