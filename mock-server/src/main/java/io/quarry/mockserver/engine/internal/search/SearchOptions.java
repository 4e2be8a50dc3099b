package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.LanguageDictionaries;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The effective options of one search: each is the request's parameter when set, else the index setting of the
 * same name, else the service's default.
 */
public final class SearchOptions {

    /** The names a search request understands; the ones not implemented are accepted and ignored. */
    public static final Set<String> SEARCH_PARAMETERS = Set.of(
            "query",
            "page",
            "hitsPerPage",
            "offset",
            "length",
            "getRankingInfo",
            "filters",
            "facetFilters",
            "numericFilters",
            "tagFilters",
            "facets",
            "maxValuesPerFacet",
            "distinct",
            "attributesToRetrieve",
            "attributesToHighlight",
            "attributesToSnippet",
            "highlightPreTag",
            "highlightPostTag",
            "snippetEllipsisText",
            "typoTolerance",
            "minWordSizefor1Typo",
            "minWordSizefor2Typos",
            "queryType",
            "restrictSearchableAttributes",
            "sortFacetValuesBy",
            "synonyms",
            "paginationLimitedTo",
            "exactOnSingleWordQuery",
            "facetingAfterDistinct",
            "maxFacetHits",
            "facetQuery",
            "cursor",
            "allowTyposOnNumericTokens",
            "disableTypoToleranceOnAttributes",
            "disableTypoToleranceOnWords",
            "advancedSyntax",
            "advancedSyntaxFeatures",
            "enableRules",
            "ruleContexts",
            "responseFields",
            "optionalWords",
            "removeWordsIfNoResults",
            "ignorePlurals",
            "optionalFilters",
            "sumOrFiltersScores",
            "removeStopWords",
            "queryLanguages",
            "decompoundQuery",
            // Accepted and ignored: analytics, personalisation and other features the mock does not model.
            "analytics",
            "analyticsTags",
            "clickAnalytics",
            "enablePersonalization",
            "personalizationImpact",
            "userToken",
            "restrictHighlightAndSnippetArrays",
            "percentileComputation",
            "enableABTest",
            "explain",
            "naturalLanguages",
            "alternativesAsExact",
            "minProximity",
            "attributeCriteriaComputedByMinProximity",
            "replaceSynonymsInHighlight",
            "similarQuery",
            "relevancyStrictness",
            "enableReRanking",
            "reRankingApplyFilter",
            "renderingContent",
            "mode",
            "semanticSearch",
            "aroundLatLngViaIP",
            "minimumAroundRadius",
            // Geo search.
            "aroundLatLng",
            "aroundRadius",
            "aroundPrecision",
            "insideBoundingBox",
            "insidePolygon");

    private static final List<String> DEFAULT_RANKING =
            List.of("typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom");

    private final RequestParams params;
    private final ObjectNode settings;
    private final LanguageDictionaries dictionaries;

    /**
     * @param params the request's parameters
     * @param settings the index settings as set
     */
    public SearchOptions(RequestParams params, ObjectNode settings) {
        this(params, settings, LanguageDictionaries.NONE);
    }

    private SearchOptions(RequestParams params, ObjectNode settings, LanguageDictionaries dictionaries) {
        this.params = params;
        this.settings = settings;
        this.dictionaries = dictionaries;
    }

    /**
     * {@return these options with them}
     *
     * @param languageDictionaries the application's dictionaries (stop words, plurals, compounds)
     */
    public SearchOptions withDictionaries(LanguageDictionaries languageDictionaries) {
        return new SearchOptions(params, settings, languageDictionaries);
    }

    /** {@return the application's dictionaries} */
    public LanguageDictionaries dictionaries() {
        return dictionaries;
    }

    /** {@return the request's parameters} */
    public RequestParams params() {
        return params;
    }

    /**
     * {@return the request's value, else the setting's, else {@code null}}
     *
     * @param name a parameter or setting name
     */
    public JsonNode value(String name) {
        JsonNode value = params.raw(name);
        if (value == null) {
            value = settings.get(name);
        }
        return value == null || value.isNull() ? null : value;
    }

    /**
     * {@return the setting's value (never a request parameter), or {@code null}}
     *
     * @param name a setting name
     */
    public JsonNode setting(String name) {
        JsonNode value = settings.get(name);
        return value == null || value.isNull() ? null : value;
    }

    /**
     * {@return the effective integer}
     *
     * @param name a name
     * @param fallback the default
     */
    public int integer(String name, int fallback) {
        JsonNode value = value(name);
        return value == null ? fallback : RequestParams.toInt(name, value);
    }

    /**
     * {@return the effective boolean}
     *
     * @param name a name
     * @param fallback the default
     */
    public boolean bool(String name, boolean fallback) {
        JsonNode value = value(name);
        return value == null ? fallback : RequestParams.toBool(name, value);
    }

    /**
     * {@return the effective string}
     *
     * @param name a name
     * @param fallback the default
     */
    public String string(String name, String fallback) {
        JsonNode value = value(name);
        if (value == null) {
            return fallback;
        }
        return value.isString() ? value.asString() : value.toString();
    }

    /**
     * {@return the effective list, or {@code null} when neither the request nor the settings set it}
     *
     * @param name a name
     */
    public List<String> list(String name) {
        JsonNode value = value(name);
        return value == null ? null : RequestParams.toStringList(name, value);
    }

    /**
     * The longest query text, in characters, as the service limits it: a longer query is refused with a 400 rather
     * than truncated, so that a test sees the mistake, and so that no query makes one search run for long while it
     * holds the index's read lock (typo expansion, compound splitting and matching all grow with the query).
     */
    public static final int MAX_QUERY_LENGTH = 512;

    /**
     * {@return the query text}
     *
     * @throws EngineException 400 for a query longer than {@value #MAX_QUERY_LENGTH} characters, or given as a JSON
     *     array or object (a number or a boolean is read as its text)
     */
    public String query() {
        JsonNode raw = params.raw("query");
        if (raw != null && raw.isContainer()) {
            throw new EngineException(400, "Invalid value for \"query\" parameter, expected string");
        }
        String query = params.string("query", "");
        if (query.length() > MAX_QUERY_LENGTH) {
            throw new EngineException(
                    400, "query: too long (" + query.length() + " characters; at most " + MAX_QUERY_LENGTH + ")");
        }
        return query;
    }

    /** {@return the ranking criteria in order} */
    public List<String> ranking() {
        List<String> ranking = list("ranking");
        return ranking == null || ranking.isEmpty() ? DEFAULT_RANKING : ranking;
    }

    /** {@return the well-formed customRanking entries, e.g. {@code desc(popularity)}} */
    public List<String> customRanking() {
        List<String> custom = list("customRanking");
        if (custom == null) {
            return List.of();
        }
        return custom.stream().filter(e -> e.matches("(asc|desc)\\(.+\\)")).toList();
    }

    /** {@return the typo tolerance mode: {@code true}, {@code false}, {@code min} or {@code strict}} */
    public String typoTolerance() {
        JsonNode value = value("typoTolerance");
        if (value == null) {
            return "true";
        }
        String text = value.isString() ? value.asString() : value.toString();
        if (!Set.of("true", "false", "min", "strict").contains(text)) {
            throw new EngineException(
                    400, "Invalid value for \"typoTolerance\" parameter: expected true, false," + " min or strict");
        }
        return text;
    }

    /** {@return the query type: prefixLast, prefixAll or prefixNone} */
    public String queryType() {
        String type = string("queryType", "prefixLast");
        if (!Set.of("prefixLast", "prefixAll", "prefixNone").contains(type)) {
            throw new EngineException(
                    400,
                    "Invalid value for \"queryType\" parameter: expected prefixLast," + " prefixAll or prefixNone");
        }
        return type;
    }

    /** {@return how a one-word query counts exact matches: attribute, word or none} */
    public String exactOnSingleWordQuery() {
        return oneOf("exactOnSingleWordQuery", "attribute", List.of("attribute", "word", "none"));
    }

    /** {@return which words become optional when nothing matches: none, lastWords, firstWords or allOptional} */
    public String removeWordsIfNoResults() {
        return oneOf("removeWordsIfNoResults", "none", List.of("none", "lastWords", "firstWords", "allOptional"));
    }

    /** {@return the advanced syntax features; both by default} */
    public List<String> advancedSyntaxFeatures() {
        return someOf("advancedSyntaxFeatures", List.of("exactPhrase", "excludeWords"));
    }

    /**
     * Checks the options whose bad values are a 400 even when the query does not use them.
     *
     * @return these options
     */
    public SearchOptions validate() {
        queryType();
        typoTolerance();
        TypoWordSizes.of(this);
        distinct();
        exactOnSingleWordQuery();
        advancedSyntaxFeatures();
        removeWordsIfNoResults();
        someOf("alternativesAsExact", List.of("ignorePlurals", "singleWordSynonym", "multiWordsSynonym"));
        return this;
    }

    /** {@return the effective value, one of those allowed} @throws EngineException 400 naming them otherwise */
    private String oneOf(String name, String fallback, List<String> allowed) {
        String value = string(name, fallback);
        if (!allowed.contains(value)) {
            throw new EngineException(400, invalid(name, allowed));
        }
        return value;
    }

    /** {@return the effective list (all allowed when unset)} @throws EngineException 400 for an item not allowed */
    private List<String> someOf(String name, List<String> allowed) {
        List<String> values = list(name);
        if (values == null) {
            return allowed;
        }
        for (String value : values) {
            if (!allowed.contains(value)) {
                throw new EngineException(400, invalid(name, allowed));
            }
        }
        return values;
    }

    private static String invalid(String name, List<String> allowed) {
        String last = allowed.get(allowed.size() - 1);
        return "Invalid value for \"" + name + "\" parameter: expected "
                + String.join(", ", allowed.subList(0, allowed.size() - 1)) + " or " + last;
    }

    /** {@return how many records per distinct value are kept; 0 when distinct is off} */
    public int distinct() {
        JsonNode value = value("distinct");
        if (value == null) {
            return 0;
        }
        if (value.isBoolean() || (value.isString() && !value.asString().matches("-?\\d+"))) {
            return RequestParams.toBool("distinct", value) && value("attributeForDistinct") != null ? 1 : 0;
        }
        int n = RequestParams.toInt("distinct", value);
        if (n < 0 || n > 4) {
            throw new EngineException(
                    400, "Invalid value for \"distinct\" parameter: expected a boolean or an" + " integer from 0 to 4");
        }
        return value("attributeForDistinct") == null ? 0 : n;
    }
}
