package io.quarry.analytics;

import io.quarry.core.Endpoint;

/** Every endpoint of the analytics API. */
final class Endpoints {

    private Endpoints() {}

    static final Endpoint STATUS = Endpoint.read("status", "GET", "/2/status");
    static final Endpoint SEARCHES = Endpoint.read("topSearches", "GET", "/2/searches");
    static final Endpoint SEARCHES_COUNT = Endpoint.read("searchesCount", "GET", "/2/searches/count");
    static final Endpoint NO_RESULT_SEARCHES = Endpoint.read("noResultSearches", "GET", "/2/searches/noResults");
    static final Endpoint NO_CLICK_SEARCHES = Endpoint.read("noClickSearches", "GET", "/2/searches/noClicks");
    static final Endpoint NO_RESULT_RATE = Endpoint.read("noResultRate", "GET", "/2/searches/noResultRate");
    static final Endpoint NO_CLICK_RATE = Endpoint.read("noClickRate", "GET", "/2/searches/noClickRate");
    static final Endpoint HITS = Endpoint.read("topHits", "GET", "/2/hits");
    static final Endpoint USERS_COUNT = Endpoint.read("usersCount", "GET", "/2/users/count");
    static final Endpoint FILTERS = Endpoint.read("topFilterAttributes", "GET", "/2/filters");
    static final Endpoint NO_RESULT_FILTERS = Endpoint.read("noResultFilters", "GET", "/2/filters/noResults");
    static final Endpoint FILTER_VALUES = Endpoint.read("filterValues", "GET", "/2/filters/{attributes}");
    static final Endpoint COUNTRIES = Endpoint.read("countries", "GET", "/2/countries");
}
