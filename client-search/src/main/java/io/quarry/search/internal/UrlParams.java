package io.quarry.search.internal;

import io.quarry.search.model.SearchQuery;
import java.util.LinkedHashMap;
import java.util.Map;

/** Search parameters as query-string values (lists and objects as JSON, the rest as text). */
public final class UrlParams {

    private UrlParams() {
    }

    /**
     * The query-string form of search parameters.
     *
     * @param query the parameters, or null
     * @return name to text value
     */
    public static Map<String, Object> of(SearchQuery query) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (query != null) {
            query.params().forEach((name, value) -> out.put(name, ParamEncoding.asJsonText(value)));
        }
        return out;
    }
}
