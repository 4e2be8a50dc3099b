package io.quarry.mockserver.internal.state;

import java.util.List;

/**
 * One search as analytics, personalization, query suggestions and usage see it: what was asked, by whom, and what
 * came back. Recorded by the search product for every search and every query of a multi-index search, unless the
 * request says {@code analytics: false}.
 *
 * @param timestamp when it ran, epoch milliseconds of the server's clock
 * @param index the index searched
 * @param query the query text as sent
 * @param nbHits how many records matched
 * @param analyticsTags the request's {@code analyticsTags}
 * @param filters the filters applied, each as attribute, operator and value (facet filters use {@code :})
 * @param userToken the request's {@code userToken}, or {@code null}
 * @param ip the caller's IP address ({@code X-Forwarded-For} when the admin key forwards a caller's)
 * @param queryID the query ID returned with {@code clickAnalytics: true}, or {@code null}
 * @param objectIDs the objectIDs of the page of hits returned, in order
 * @param page the page returned (from 0)
 * @param hitsPerPage the page size
 */
public record TrackedSearch(
        long timestamp,
        String index,
        String query,
        long nbHits,
        List<String> analyticsTags,
        List<AppliedFilter> filters,
        String userToken,
        String ip,
        String queryID,
        List<String> objectIDs,
        int page,
        int hitsPerPage) {

    /** Copies the lists. */
    public TrackedSearch {
        analyticsTags = List.copyOf(analyticsTags);
        filters = List.copyOf(filters);
        objectIDs = List.copyOf(objectIDs);
    }

    /** {@return whether the search was tracked for click analytics (it returned a query ID)} */
    public boolean tracked() {
        return queryID != null;
    }

    /** {@return the user the search counts for: the user token when sent, otherwise the IP address} */
    public String user() {
        return userToken != null ? userToken : ip;
    }

    /**
     * One filter of a search.
     *
     * @param attribute the attribute filtered on
     * @param operator {@code :} for facet and tag filters, or the numeric comparison ({@code =}, {@code !=},
     *     {@code <}, {@code <=}, {@code >}, {@code >=})
     * @param value the value compared with, as written
     */
    public record AppliedFilter(String attribute, String operator, String value) {}
}
