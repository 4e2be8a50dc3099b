package io.quarry.analytics;

import io.quarry.core.Endpoint;

/** Every endpoint of the analytics API. */
final class Endpoints {

    private Endpoints() {}

    static final Endpoint STATUS = Endpoint.read("GET", "/2/status").named("status");
    static final Endpoint SEARCHES = Endpoint.read("GET", "/2/searches").named("topSearches");
    static final Endpoint SEARCHES_COUNT =
            Endpoint.read("GET", "/2/searches/count").named("searchesCount");
    static final Endpoint NO_RESULT_SEARCHES =
            Endpoint.read("GET", "/2/searches/noResults").named("noResultSearches");
    static final Endpoint NO_CLICK_SEARCHES =
            Endpoint.read("GET", "/2/searches/noClicks").named("noClickSearches");
    static final Endpoint NO_RESULT_RATE =
            Endpoint.read("GET", "/2/searches/noResultRate").named("noResultRate");
    static final Endpoint NO_CLICK_RATE =
            Endpoint.read("GET", "/2/searches/noClickRate").named("noClickRate");
    static final Endpoint HITS = Endpoint.read("GET", "/2/hits").named("topHits");
    static final Endpoint USERS_COUNT = Endpoint.read("GET", "/2/users/count").named("usersCount");
    static final Endpoint FILTERS = Endpoint.read("GET", "/2/filters").named("topFilterAttributes");
    static final Endpoint NO_RESULT_FILTERS =
            Endpoint.read("GET", "/2/filters/noResults").named("noResultFilters");
    static final Endpoint FILTER_VALUES =
            Endpoint.read("GET", "/2/filters/{attributes}").named("filterValues");
    static final Endpoint COUNTRIES = Endpoint.read("GET", "/2/countries").named("countries");
}
