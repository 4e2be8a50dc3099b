package io.quarry.mockserver.internal.products.monitoring;

import io.quarry.mockserver.internal.http.Route;
import java.util.Set;

/** Which answered requests are searches (latency) and which are indexing work (indexing time). */
final class WorkClassifier {

    private static final Set<String> SEARCHES = Set.of(
            "POST /1/indexes/{indexName}/query",
            "GET /1/indexes/{indexName}",
            "POST /1/indexes/*/queries",
            "POST /1/indexes/{indexName}/facets/{facetName}/query");

    private static final Set<String> READ_ONLY_POSTS = Set.of("/query", "/queries", "/browse", "/search", "/objects");

    private WorkClassifier() {}

    static boolean isSearch(Route route) {
        return SEARCHES.contains(route.method() + " " + route.template());
    }

    static boolean isIndexing(Route route) {
        if (!route.template().startsWith("/1/indexes/") || route.method().equals("GET") || isSearch(route)) {
            return false;
        }
        if (route.template().contains("/keys")) {
            return false;
        }
        String last = route.template().substring(route.template().lastIndexOf('/'));
        return !READ_ONLY_POSTS.contains(last);
    }
}
