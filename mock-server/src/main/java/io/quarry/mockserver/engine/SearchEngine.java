package io.quarry.mockserver.engine;

import io.quarry.mockserver.engine.internal.search.RequestParams;
import io.quarry.mockserver.engine.internal.search.SearchExecutor;
import io.quarry.mockserver.engine.internal.search.SearchOptions;
import io.quarry.mockserver.engine.internal.search.SynonymSet;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * Search, browse, facet search and delete-by-query over one index. Stateless apart from what it is built with;
 * thread-safe. Requests are the JSON bodies as received: explicit parameters and/or a URL-encoded
 * {@code params} string (the HTTP layer turns a GET query string into {@code {"params": "<raw query>"}}).
 */
public final class SearchEngine {

    private final boolean strict;

    /** Creates an engine that ignores unknown parameters, as the service does. */
    public SearchEngine() {
        this(false);
    }

    /**
     * @param strict whether an unknown parameter is a 400 instead of being ignored
     */
    public SearchEngine(boolean strict) {
        this.strict = strict;
    }

    /**
     * Runs one search.
     *
     * @param data the index's records
     * @param config the index's settings, synonyms and rules
     * @param request the request body
     * @param context who searches
     * @return the search response (seed 000 §2.3), without {@code index}
     * @throws EngineException for a request the service rejects
     */
    public ObjectNode search(IndexData data, IndexConfig config, ObjectNode request, SearchContext context) {
        SearchExecutor executor = executor(config, request, context);
        return data.read(executor::search);
    }

    private SearchExecutor executor(IndexConfig config, ObjectNode request, SearchContext context) {
        RequestParams params = RequestParams.parse(request, context.forcedParams(), SearchOptions.SEARCH_PARAMETERS,
                strict);
        SearchOptions options = new SearchOptions(params, config.settings());
        return new SearchExecutor(options, new SynonymSet(config.synonyms()), context.extraFilters(),
                context.maxHitsPerQuery(), context.seeUnretrievableAttributes());
    }

    /**
     * Returns one page of a browse.
     *
     * @param data the index's records
     * @param config the index's settings, synonyms and rules
     * @param request the request body: {@code params} on the first call, {@code cursor} after
     * @param context who browses
     * @return the browse response, with {@code cursor} absent at the end
     * @throws EngineException for a request the service rejects (a bad cursor is a 400)
     */
    public ObjectNode browse(IndexData data, IndexConfig config, ObjectNode request, SearchContext context) {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }

    /**
     * Searches the values of one facet.
     *
     * @param data the index's records
     * @param config the index's settings, synonyms and rules
     * @param facetName the facet attribute
     * @param request the request body: {@code params}, {@code facetQuery}, {@code maxFacetHits}
     * @param context who searches
     * @return {@code {"facetHits": [...], "exhaustiveFacetsCount": ..., "processingTimeMS": ...}}
     * @throws EngineException 400 when the facet is not searchable or maxFacetHits is out of range
     */
    public ObjectNode searchForFacetValues(IndexData data, IndexConfig config, String facetName,
            ObjectNode request, SearchContext context) {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }

    /**
     * Finds the records a delete-by-query removes.
     *
     * @param data the index's records
     * @param config the index's settings
     * @param request the request body ({@code params} and/or explicit filter parameters)
     * @return the objectIDs that match
     * @throws EngineException 400 for an empty filter, a query, or an invalid filter
     */
    public List<String> matchingObjectIDs(IndexData data, IndexConfig config, ObjectNode request) {
        throw new UnsupportedOperationException("engine: not implemented yet");
    }
}
