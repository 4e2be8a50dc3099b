package io.quarry.analytics;

import io.quarry.analytics.model.AnalyticsQuery;
import java.util.LinkedHashMap;
import java.util.Map;

/** The URL parameters an {@link AnalyticsQuery} sends: the wire's terms, kept out of the query's public API. */
final class QueryParameters {

    private QueryParameters() {}

    /**
     * The date range and tags (dates as {@code YYYY-MM-DD}).
     *
     * @param query the query
     * @return name to value, unset ones left out; a new map the caller may add to
     */
    static Map<String, Object> range(AnalyticsQuery query) {
        Map<String, Object> params = new LinkedHashMap<>();
        put(params, "startDate", query.startDate());
        put(params, "endDate", query.endDate());
        put(params, "tags", query.tags());
        return params;
    }

    /**
     * The range, tags and page.
     *
     * @param query the query
     * @return name to value, unset ones left out; a new map the caller may add to
     */
    static Map<String, Object> page(AnalyticsQuery query) {
        Map<String, Object> params = range(query);
        put(params, "limit", query.limit());
        put(params, "offset", query.offset());
        return params;
    }

    private static void put(Map<String, Object> params, String name, Object value) {
        if (value != null) {
            params.put(name, value.toString());
        }
    }
}
