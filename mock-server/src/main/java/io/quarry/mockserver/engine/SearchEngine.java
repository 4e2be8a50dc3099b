package io.quarry.mockserver.engine;

import io.quarry.mockserver.engine.internal.filter.FilterCompiler;
import io.quarry.mockserver.engine.internal.filter.RecordFilter;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.search.BrowseCursor;
import io.quarry.mockserver.engine.internal.search.BrowseExecutor;
import io.quarry.mockserver.engine.internal.search.CursorSeal;
import io.quarry.mockserver.engine.internal.search.FacetValueSearch;
import io.quarry.mockserver.engine.internal.search.FacetVocabulary;
import io.quarry.mockserver.engine.internal.search.Faceting;
import io.quarry.mockserver.engine.internal.search.GeoQuery;
import io.quarry.mockserver.engine.internal.search.RequestParams;
import io.quarry.mockserver.engine.internal.search.Retrieval;
import io.quarry.mockserver.engine.internal.search.RuleSet;
import io.quarry.mockserver.engine.internal.search.SearchExecutor;
import io.quarry.mockserver.engine.internal.search.SearchOptions;
import io.quarry.mockserver.engine.internal.search.SynonymSet;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.BooleanNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Search, browse, facet search and delete-by-query over one index. Stateless apart from what it is built with;
 * thread-safe. Requests are the JSON bodies as received: explicit parameters and/or a URL-encoded
 * {@code params} string (the HTTP layer turns a GET query string into {@code {"params": "<raw query>"}}).
 * The parameters understood, their precedence and the differences from the service are listed in the
 * {@linkplain io.quarry.mockserver.engine package documentation}.
 */
public final class SearchEngine {

    private static final Set<String> DELETE_BY_QUERY_PARAMETERS = Set.of(
            "query",
            "filters",
            "facetFilters",
            "numericFilters",
            "tagFilters",
            "aroundLatLng",
            "aroundRadius",
            "aroundPrecision",
            "insideBoundingBox",
            "insidePolygon");

    /**
     * What the service forces on every browse, whatever the request or the key says: no plurals, advanced syntax,
     * rules, optional filters, distinct, facets, highlighting, snippets or ranking info.
     */
    private static final Map<String, JsonNode> BROWSE_FORCED = Map.of(
            "ignorePlurals",
            BooleanNode.FALSE,
            "advancedSyntax",
            BooleanNode.FALSE,
            "enableRules",
            BooleanNode.FALSE,
            "enablePersonalization",
            BooleanNode.FALSE,
            "distinct",
            BooleanNode.FALSE,
            "getRankingInfo",
            BooleanNode.FALSE,
            "optionalFilters",
            JsonNodeFactory.instance.arrayNode(),
            "facets",
            JsonNodeFactory.instance.arrayNode(),
            "attributesToHighlight",
            JsonNodeFactory.instance.arrayNode(),
            "attributesToSnippet",
            JsonNodeFactory.instance.arrayNode());

    private final boolean strict;
    private final Clock clock;
    private final Supplier<LanguageDictionaries> dictionaries;
    private final CursorSeal cursorSeal = new CursorSeal();

    /** What a search does with a parameter the engine does not know. */
    public enum UnknownParameters {
        /** Ignores it, as the service does. */
        IGNORED,
        /** Refuses the request with a 400 naming it (the mock server's strict mode). */
        REFUSED
    }

    /** Creates an engine that ignores unknown parameters, as the service does. */
    public SearchEngine() {
        this(UnknownParameters.IGNORED);
    }

    /**
     * Creates an engine with the system clock and no language dictionaries.
     *
     * @param unknownParameters what a search does with a parameter the engine does not know
     */
    public SearchEngine(UnknownParameters unknownParameters) {
        this(unknownParameters, Clock.systemUTC(), () -> LanguageDictionaries.NONE);
    }

    /**
     * Creates an engine.
     *
     * @param unknownParameters what a search does with a parameter the engine does not know
     * @param clock the clock of rules' validity ranges
     * @param dictionaries the application's current language dictionaries, read at each search
     */
    public SearchEngine(UnknownParameters unknownParameters, Clock clock, Supplier<LanguageDictionaries> dictionaries) {
        this.strict = Objects.requireNonNull(unknownParameters, "unknownParameters") == UnknownParameters.REFUSED;
        this.clock = clock;
        this.dictionaries = dictionaries;
    }

    /**
     * Applies the retrieval rules of a search to one record, for the get-object endpoints:
     * {@code attributesToRetrieve} ({@code *}, {@code -attr} exclusions, dotted paths) and the index's
     * {@code unretrievableAttributes}, unless the caller's key may see them; objectID is always kept.
     *
     * @param record the record (not modified)
     * @param config the index's settings
     * @param attributesToRetrieve the attributes asked for; null or empty for all
     * @param context the caller, whose {@link SearchContext#seeUnretrievableAttributes()} says whether
     *     unretrievable attributes are returned
     * @return a new object with what may be returned
     */
    public static ObjectNode retrieve(
            ObjectNode record, IndexConfig config, List<String> attributesToRetrieve, SearchContext context) {
        List<String> unretrievable = null;
        if (!context.seeUnretrievableAttributes() && config.settings().has("unretrievableAttributes")) {
            unretrievable = RequestParams.toStringList(
                    "unretrievableAttributes", config.settings().get("unretrievableAttributes"));
        }
        return new Retrieval(attributesToRetrieve, unretrievable).apply(record);
    }

    /**
     * Runs one search.
     *
     * @param data the index's records
     * @param config the index's settings, synonyms and rules
     * @param request the request body
     * @param context who searches
     * @return the search response, without {@code index}
     * @throws EngineException for a request the service rejects
     */
    public ObjectNode search(IndexData data, IndexConfig config, ObjectNode request, SearchContext context) {
        RequestParams params =
                RequestParams.parse(request, context.forcedParams(), SearchOptions.SEARCH_PARAMETERS, strict);
        long nowSeconds = clock.millis() / 1000;
        LanguageDictionaries languageDictionaries = dictionaries.get();
        SynonymSet synonyms = new SynonymSet(config.synonyms());
        return data.read(store -> {
            SearchOptions beforeRules = new SearchOptions(params, config.settings());
            // Under the read lock: facet placeholders read the index's facet values.
            RuleSet.Outcome rules = new RuleSet(config.rules())
                    .apply(
                            beforeRules,
                            nowSeconds,
                            new FacetVocabulary(store, Faceting.of(beforeRules.setting("attributesForFaceting"))));
            RequestParams effective = rules == RuleSet.Outcome.NONE
                    ? params
                    : params.with(rules.params(), context.forcedParams(), SearchOptions.SEARCH_PARAMETERS);
            SearchExecutor executor = new SearchExecutor(
                    new SearchOptions(effective, config.settings()).withDictionaries(languageDictionaries),
                    synonyms,
                    context.extraFilters(),
                    context.maxHitsPerQuery(),
                    context.seeUnretrievableAttributes(),
                    retrievalForced(context),
                    rules);
            return executor.search(store);
        });
    }

    /**
     * The search parameters of a request as a search reads them: the body's members, its {@code params} string,
     * and the parameters the caller's key forces. Products that record searches read them here.
     *
     * @param request the request body
     * @param context who searches
     * @return the parameters by name, arrays and objects structured
     * @throws EngineException for a request the service rejects
     */
    public ObjectNode effectiveParameters(ObjectNode request, SearchContext context) {
        return RequestParams.parse(request, context.forcedParams(), SearchOptions.SEARCH_PARAMETERS, false)
                .toObject();
    }

    private static boolean retrievalForced(SearchContext context) {
        JsonNode forced = context.forcedParams().get("attributesToRetrieve");
        return forced != null && !forced.isNull();
    }

    private SearchExecutor executor(IndexConfig config, ObjectNode request, SearchContext context) {
        RequestParams params =
                RequestParams.parse(request, context.forcedParams(), SearchOptions.SEARCH_PARAMETERS, strict);
        SearchOptions options = new SearchOptions(params, config.settings()).withDictionaries(dictionaries.get());
        return new SearchExecutor(
                options,
                new SynonymSet(config.synonyms()),
                context.extraFilters(),
                context.maxHitsPerQuery(),
                context.seeUnretrievableAttributes(),
                retrievalForced(context),
                RuleSet.Outcome.NONE);
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
    public ObjectNode browsePage(IndexData data, IndexConfig config, ObjectNode request, SearchContext context) {
        BrowseCursor cursor = null;
        ObjectNode effectiveRequest = request.deepCopy();
        JsonNode cursorNode = request.get("cursor");
        if ((cursorNode == null || cursorNode.isNull())
                && request.path("params").isString()) {
            cursorNode = RequestParams.decode(request.get("params").asString()).get("cursor");
        }
        if (cursorNode != null && !cursorNode.isNull()) {
            if (!cursorNode.isString()) {
                throw new EngineException(400, "cursor must be a string");
            }
            cursor = BrowseCursor.decode(cursorNode.asString(), cursorSeal);
            effectiveRequest = cursor.params();
        }
        RequestParams params = RequestParams.parse(
                        effectiveRequest, context.forcedParams(), SearchOptions.SEARCH_PARAMETERS, strict)
                .with(BROWSE_FORCED, null, SearchOptions.SEARCH_PARAMETERS);
        SearchOptions options = new SearchOptions(params, config.settings()).withDictionaries(dictionaries.get());
        SearchExecutor executor = new SearchExecutor(
                options,
                new SynonymSet(config.synonyms()),
                context.extraFilters(),
                0,
                context.seeUnretrievableAttributes(),
                retrievalForced(context),
                RuleSet.Outcome.NONE);
        BrowseExecutor browse = new BrowseExecutor(
                context.indexName(), executor, options, cursor, cursorSeal, context.seeUnretrievableAttributes());
        return data.read(browse::browse);
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
    public ObjectNode searchForFacetValues(
            IndexData data, IndexConfig config, String facetName, ObjectNode request, SearchContext context) {
        SearchExecutor executor = executor(config, request, context);
        FacetValueSearch search = new FacetValueSearch(executor, executor.options(), facetName);
        return data.read(search::run);
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
        RequestParams params = RequestParams.parse(request, null, DELETE_BY_QUERY_PARAMETERS, strict);
        if (!params.string("query", "").isEmpty()) {
            throw new EngineException(400, "deleteByQuery does not accept a query: use filters only");
        }
        SearchOptions options = new SearchOptions(params, config.settings());
        var clauses = FilterCompiler.clauses(options, List.of());
        GeoQuery geo = GeoQuery.of(params);
        if (clauses.isEmpty() && !geo.active()) {
            throw new EngineException(
                    400,
                    "deleteByQuery needs at least one filter (filters, facetFilters,"
                            + " numericFilters, tagFilters or a geo filter)");
        }
        Faceting faceting = Faceting.of(options.setting("attributesForFaceting"));
        return data.read(store -> {
            RecordFilter compiled = FilterCompiler.toFilter(clauses, faceting, store);
            RecordFilter filter = geo.active() ? compiled.and(geo::accepts) : compiled;
            List<IndexedRecord> matching = new ArrayList<>();
            for (int ordinal = 0; ordinal < store.ordinalLimit(); ordinal++) {
                IndexedRecord record = store.at(ordinal);
                if (record != null && filter.test(record)) {
                    matching.add(record);
                }
            }
            matching.sort(Comparator.comparingLong(IndexedRecord::sequence));
            List<String> ids = new ArrayList<>(matching.size());
            matching.forEach(r -> ids.add(r.objectID()));
            return ids;
        });
    }
}
