package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.auth.EchoMask;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathCodec;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.products.SearchHooks;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Search, multi-index search, facet search and browse: each request goes to the {@link SearchEngine} as the JSON
 * body received (a GET query string becomes {@code {"params": "<raw query>"}}, credentials removed).
 */
final class SearchRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int SEARCH_POST = 0;
    static final int SEARCH_GET = 1;
    static final int MULTI_SEARCH = 2;
    static final int FACET_VALUES = 3;
    static final int BROWSE_POST = 4;
    static final int BROWSE_GET = 5;

    private static final Set<String> URL_ONLY_PARAMS =
            Set.of("x-service-application-id", "x-service-api-key", "cursor");
    /** The URL parameter holding further search parameters as one URL-encoded string. */
    private static final String PARAMS = "params";
    /** The most entries one multi-search may hold, on the service too. */
    static final int MAX_QUERIES = 50;

    private final Application app;
    private final SearchEngine engine;
    private final SearchHooks hooks;
    private final SearchTracker tracker;

    SearchRoutes(Application app, SearchEngine engine, SearchHooks hooks) {
        this.app = app;
        this.engine = engine;
        this.hooks = hooks;
        this.tracker = new SearchTracker(app.tracking(), app.clock());
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case SEARCH_POST -> searchPost(request);
            case SEARCH_GET -> searchGet(request);
            case MULTI_SEARCH -> multiSearch(request);
            case FACET_VALUES -> facetValues(request);
            case BROWSE_POST -> browsePost(request);
            case BROWSE_GET -> browseGet(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code POST /1/indexes/{indexName}/query}. */
    Response searchPost(Request request) {
        return Response.ok(EchoMask.masked(request, search(request, request.path("indexName"), request.jsonObject())));
    }

    /** {@code GET /1/indexes/{indexName}}: parameters in the query string. */
    Response searchGet(Request request) {
        return Response.ok(
                EchoMask.masked(request, search(request, request.path("indexName"), paramsFromUrl(request))));
    }

    /** Runs one search and records it for analytics. */
    private ObjectNode search(Request request, String indexName, ObjectNode body) {
        Searched searched = run(request, indexName, body);
        searched.track(request, tracker);
        return searched.result();
    }

    /** Runs one search, after the other products' hooks, not yet recorded. */
    private Searched run(Request request, String indexName, ObjectNode body) {
        IndexState index = app.require(indexName);
        SearchContext context = request.get(Caller.class).searchContext(indexName);
        ObjectNode params = engine.effectiveParameters(body, context);
        ObjectNode rewritten = hooks.apply(indexName, params, body);
        ObjectNode result = index.read((data, config) -> engine.search(data, config, rewritten, context));
        return new Searched(indexName, params, result);
    }

    /** A search run, with what analytics records of it. */
    private record Searched(String indexName, ObjectNode params, ObjectNode result) {

        void track(Request request, SearchTracker tracker) {
            tracker.searched(request, indexName, params, result);
        }
    }

    /** {@code POST /1/indexes/{indexName}/browse}: {@code params} first, then {@code cursor}. */
    Response browsePost(Request request) {
        return Response.ok(EchoMask.masked(request, browse(request, request.path("indexName"), request.jsonObject())));
    }

    /** {@code GET /1/indexes/{indexName}/browse}: parameters, or {@code cursor}, in the query string. */
    Response browseGet(Request request) {
        ObjectNode body = paramsFromUrl(request);
        String cursor = request.query().get("cursor");
        if (cursor != null) {
            body.put("cursor", cursor);
        }
        return Response.ok(EchoMask.masked(request, browse(request, request.path("indexName"), body)));
    }

    private ObjectNode browse(Request request, String indexName, ObjectNode body) {
        IndexState index = app.require(indexName);
        SearchContext context = request.get(Caller.class).searchContext(indexName);
        return index.read((data, config) -> engine.browsePage(data, config, body, context));
    }

    /** {@code POST /1/indexes/{indexName}/facets/{facetName}/query}. */
    Response facetValues(Request request) {
        String indexName = request.path("indexName");
        IndexState index = app.require(indexName);
        String facetName = request.path("facetName");
        ObjectNode body = request.jsonObject();
        SearchContext context = request.get(Caller.class).searchContext(indexName);
        return Response.ok(
                index.read((data, config) -> engine.searchForFacetValues(data, config, facetName, body, context)));
    }

    /**
     * {@code POST /1/indexes/*}{@code /queries}: results in request order, each with {@code index}. With
     * {@code stopIfEnoughMatches}, query N runs only while every earlier query had fewer hits than its
     * hitsPerPage; skipped queries answer empty with {@code processed: false}. An entry of {@code "type": "facet"}
     * searches the values of its {@code facet} ({@code facetQuery}, {@code maxFacetHits} and the search
     * parameters narrowing the records) and answers as a facet value search ({@code facetHits},
     * {@code exhaustiveFacetsCount}); it always runs and never counts towards {@code stopIfEnoughMatches}. At most
     * {@value #MAX_QUERIES} entries, as on the service, checked before any runs; the results add up to at most 10 MB
     * of JSON ({@link AnswerBudget}), and the searches of a refused request are not recorded for analytics.
     */
    Response multiSearch(Request request) {
        ObjectNode body = request.jsonObject();
        JsonNode requests = body.get("requests");
        if (requests == null || !requests.isArray()) {
            throw ApiException.badRequest("Missing requests: expected an array");
        }
        if (requests.size() > MAX_QUERIES) {
            throw ApiException.badRequest("Too many queries in multi query request");
        }
        String strategy = body.path("strategy").asString("none");
        if (!strategy.equals("none") && !strategy.equals("stopIfEnoughMatches")) {
            throw ApiException.badRequest("Invalid strategy: expected none or stopIfEnoughMatches");
        }
        for (JsonNode item : requests) {
            if (!item.isObject()) {
                throw ApiException.badRequest("Each request must be a JSON object");
            }
            request.get(Caller.class).requireIndex(Replies.requiredString(item, "indexName"));
            String type = item.path("type").asString("default");
            if (!type.equals("default") && !type.equals("facet")) {
                throw ApiException.badRequest("Invalid type " + type + ": expected default or facet");
            }
            if (type.equals("facet")) {
                JsonNode facet = item.get("facet");
                if (facet == null || !facet.isString() || facet.stringValue().isEmpty()) {
                    throw ApiException.badRequest("A request of type facet needs a non-empty string facet");
                }
            }
            app.require(item.get("indexName").stringValue());
        }
        AnswerBudget budget = new AnswerBudget(
                "The results of these queries",
                "send fewer queries in each request, or ask for fewer hits (hitsPerPage) or attributes"
                        + " (attributesToRetrieve, attributesToHighlight, attributesToSnippet)");
        List<Searched> searches = new ArrayList<>();
        ArrayNode results = Json.array();
        boolean enough = false;
        for (JsonNode item : requests) {
            String indexName = item.get("indexName").stringValue();
            ObjectNode query = ((ObjectNode) item).deepCopy();
            query.remove("indexName");
            String type = query.path("type").asString("default");
            query.remove("type");
            ObjectNode result;
            if (type.equals("facet")) {
                // Facet entries have no hits: they always run and never count towards stopIfEnoughMatches.
                String facet = query.remove("facet").stringValue();
                IndexState index = app.require(indexName);
                SearchContext context = request.get(Caller.class).searchContext(indexName);
                result = index.read((data, config) -> engine.searchForFacetValues(data, config, facet, query, context));
            } else if (enough) {
                result = skipped(request, indexName, query);
            } else {
                Searched searched = run(request, indexName, query);
                searches.add(searched);
                result = searched.result();
                enough = strategy.equals("stopIfEnoughMatches")
                        && result.path("nbHits").asLong(0)
                                >= result.path("hitsPerPage").asLong(1);
            }
            result.put("index", indexName);
            budget.add(result);
            results.add(result);
        }
        searches.forEach(searched -> searched.track(request, tracker));
        for (JsonNode result : results) {
            // analytics has recorded the searches as they were made
            EchoMask.masked(request, (ObjectNode) result);
        }
        ObjectNode response = Json.object();
        response.set("results", results);
        return Response.ok(response);
    }

    /**
     * The answer of an entry that stopIfEnoughMatches skips: its parameters read and checked as a search reads them
     * (the key's forced ones included, a bad one the same 400 as when it runs), matched against no record, so it
     * reports its own page, page size, query and parameters with no hits; rules apply to nothing.
     */
    private ObjectNode skipped(Request request, String indexName, ObjectNode query) {
        IndexState index = app.require(indexName);
        ObjectNode result = engine.search(
                new IndexData(),
                index.config(),
                query,
                request.get(Caller.class).searchContext(indexName));
        result.remove(List.of("userData", "appliedRules"));
        result.put("processed", false);
        return result;
    }

    /**
     * {@return {@code {"params": "<raw query string without credentials or cursor>"}}, a {@code params} URL
     *     parameter's own string unpacked in front of the others: the URL's own parameters win over it, as a POST
     *     body's members win over its {@code params}; a {@code params} inside it is not unpacked again}
     */
    private static ObjectNode paramsFromUrl(Request request) {
        StringJoiner kept = new StringJoiner("&");
        String raw = request.rawQuery();
        String nested = null;
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String name = PathCodec.parseQuery(eq < 0 ? pair : pair.substring(0, eq) + "=").keySet().stream()
                        .findFirst()
                        .orElse("");
                if (name.equals(PARAMS)) {
                    // the first one, as a repeated URL parameter keeps its first value
                    if (nested == null) {
                        nested = request.query().get(PARAMS);
                    }
                } else if (!pair.isEmpty() && !URL_ONLY_PARAMS.contains(name.toLowerCase(Locale.ROOT))) {
                    kept.add(pair);
                }
            }
        }
        ObjectNode body = Json.object();
        String own = kept.toString();
        body.put(PARAMS, nested == null || nested.isEmpty() ? own : own.isEmpty() ? nested : nested + "&" + own);
        return body;
    }
}
