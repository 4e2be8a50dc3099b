package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.spi.CopyOnWrite;
import io.quarry.core.spi.MapValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Search parameters: immutable, each method returns a new query with one parameter set.
 *
 * <pre>{@code
 * SearchQuery query = SearchQuery.of("phone").hitsPerPage(10).filters("brand:Apple").facets("brand");
 * }</pre>
 * The typed methods cover the parameters users reach for most; {@link #param(String, Object)} sets any other
 * parameter the service accepts. A null value given to a method of one value (or to {@code param}) removes the
 * parameter; the methods of a list refuse a null list or a null in one, with a {@link NullPointerException} naming
 * the parameter. The service's defaults apply to every parameter left unset.
 *
 * <p>The hits of a search keep each member the service generates for them only when the search asks for it:
 * {@code _highlightResult} when its query names at least one attribute in {@link #attributesToHighlight} or sets
 * {@link #highlightPreTag} or {@link #highlightPostTag}; {@code _snippetResult} when it names one in
 * {@link #attributesToSnippet} or sets {@link #snippetEllipsisText}; {@code _rankingInfo} when it sets
 * {@link #getRankingInfo} to true (a search asking for ranking info alone keeps no highlight); set through
 * these methods, {@link #param(String, Object)}, {@link #of(Map)} or inside a {@code params} string, as a list, an
 * array, a string (a JSON array, or names separated by commas), a boolean, {@code "true"} or {@code 1}. Other
 * parameters that make the service add a member ({@code distinct}'s {@code _distinctSeqID}) do not count; nor do the
 * index's settings or the key's restrictions, which the client does not see: ask with
 * {@link io.quarry.core.RequestOptions.Builder#keepGeneratedMembers()} then, which keeps every member. Asking a hit
 * for a member its search did not keep throws (see {@link Hit}); a hit of a search that asks for none keeps its
 * record and objectID only.
 */
public final class SearchQuery extends MapValue<SearchQuery> {

    private static final SearchQuery EMPTY = new SearchQuery(Map.of());

    private SearchQuery(Map<String, Object> params) {
        super(params);
    }

    @Override
    protected SearchQuery withMembers(Map<String, Object> params) {
        return new SearchQuery(params);
    }

    /**
     * A query for some text.
     *
     * @param query the text; empty matches every record
     * @return the query
     */
    public static SearchQuery of(String query) {
        return EMPTY.query(Objects.requireNonNull(query, "query"));
    }

    /**
     * A query with no parameter (matches every record).
     *
     * @return the empty query
     */
    public static SearchQuery of() {
        return EMPTY;
    }

    /**
     * A query from raw parameters (as read from JSON).
     *
     * @param params parameter name to value
     * @return the query
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static SearchQuery of(Map<String, Object> params) {
        return new SearchQuery(CopyOnWrite.copy(Objects.requireNonNull(params, "params")));
    }

    /**
     * Every parameter set, in the order set.
     *
     * @return parameter name to value, unmodifiable
     */
    public Map<String, Object> params() {
        return members();
    }

    /**
     * The parameters as a URL-encoded string ({@code %20} for spaces; lists and objects as JSON), the form the
     * service reads in {@code params} members.
     *
     * @return the encoded parameters
     * @throws io.quarry.core.InvalidRequestException if a value holds a NaN or an infinity, which the service takes
     *     for no number
     */
    public String toParamString() {
        return ParamEncoding.searchParams(members());
    }

    /**
     * The parameters as query-string values, for the GET forms of search and browse: strings as they are, numbers
     * and booleans as text, lists and objects as JSON.
     *
     * @return name to value, in the order they were set
     * @throws io.quarry.core.InvalidRequestException if a value holds a NaN or an infinity, which the service takes
     *     for no number
     */
    public Map<String, String> toUrlParameters() {
        Map<String, String> out = new LinkedHashMap<>();
        members().forEach((name, value) -> out.put(name, ParamEncoding.asJsonText(name, value)));
        return out;
    }

    /**
     * Sets any parameter: the escape hatch for parameters without a typed method.
     *
     * @param name  the parameter name as the service spells it
     * @param value a string, number, boolean, list or map; null removes the parameter
     * @return a new query
     */
    public SearchQuery param(String name, Object value) {
        return with(name, value);
    }

    /**
     * Sets {@code query}.
     *
     * @param query the text to search
     * @return a new query
     */
    public SearchQuery query(String query) {
        return with("query", query);
    }

    /**
     * Sets {@code filters}.
     *
     * <p>A value holding spaces, {@code :}, parentheses, quotes or a keyword ({@code AND}, {@code OR}, {@code NOT},
     * {@code TO}) goes in double or single quotes, in which a backslash escapes a quote or a backslash:
     * {@code brand:"Say \"hi\""}, {@code path:"C:\\temp"}, {@code brand:"AND"}. Facet values compare ignoring case
     * and accents, tags exactly. {@code NOT} negates one filter; a leading {@code -} is part of the value here.
     *
     * <p>Like every method of one value, a null removes the filter, and the search then sees every record the key
     * may read. A filter that keeps users to their own records is therefore no boundary on its own when it is
     * computed: a null computed for one user searches everyone's. Put such a restriction in a secured API key
     * ({@link io.quarry.search.SecuredApiKeys}), which the service applies whatever the query says and which
     * refuses a null or blank filter when it is generated.
     *
     * @param filters a filter expression such as {@code brand:Apple AND price < 500}, or null to remove it
     * @return a new query
     */
    public SearchQuery filters(String filters) {
        return with("filters", filters);
    }

    /**
     * Facet filters: each element is a {@code facet:value} string (ANDed) or a list of them (ORed). A list may hold
     * lists in turn: the service flattens them into the OR group holding them, so
     * {@code List.of("editor:visual studio", List.of("editor:neovim", List.of("editor:goland")))} means
     * {@code editor:"visual studio" AND (editor:neovim OR editor:goland)} in {@link #filters(String)}.
     *
     * <p>The value is the text after the first {@code :}, as written: it is never quoted, and quotes, spaces and
     * commas in it are part of the value ({@code editor:'visual studio'} names a value with the quotes). A leading
     * {@code -} negates ({@code brand:-Acme}); {@code \-} stands for a value that starts with a minus
     * ({@code count:\-12}).
     *
     * @param facetFilters the filters: strings and (nested) lists of strings
     * @return a new query
     */
    public SearchQuery facetFilters(List<?> facetFilters) {
        return with("facetFilters", filterList("facetFilters", facetFilters));
    }

    /**
     * Numeric filters as strings and (nested) lists of strings, read like {@link #facetFilters(List)}: top-level
     * elements are ANDed, a list is an OR group, deeper lists join their group.
     *
     * @param numericFilters the filters, such as {@code List.of("price>10", List.of("rank<3", "rank>8"))}
     * @return a new query
     */
    public SearchQuery numericFilters(List<?> numericFilters) {
        return with("numericFilters", filterList("numericFilters", numericFilters));
    }

    /**
     * Tag filters as strings and (nested) lists of strings, read like {@link #facetFilters(List)}.
     *
     * @param tagFilters the tags, such as {@code List.of("sale", List.of("red", "blue"))}
     * @return a new query
     */
    public SearchQuery tagFilters(List<?> tagFilters) {
        return with("tagFilters", filterList("tagFilters", tagFilters));
    }

    /**
     * Optional filters as strings and (nested) lists of strings, read like {@link #facetFilters(List)}: each
     * top-level element is one optional filter, a list an OR group; a member may carry a score
     * ({@link ScoredFilter#expression()}).
     *
     * @param optionalFilters the filters, such as {@code List.of("brand:Acme<score=2>", List.of("color:red"))}
     * @return a new query
     */
    public SearchQuery optionalFilters(List<?> optionalFilters) {
        return with("optionalFilters", filterList("optionalFilters", optionalFilters));
    }

    /**
     * An unmodifiable copy of a filter list, its nested lists copied too (an OR group the caller changes later
     * leaves this query as it was).
     *
     * @throws NullPointerException naming the place ({@code facetFilters[1][0]}) of a null list or item
     */
    private static List<Object> filterList(String name, List<?> filters) {
        if (filters == null) {
            throw new NullPointerException(name);
        }
        List<Object> copy = new java.util.ArrayList<>(filters.size());
        for (int i = 0; i < filters.size(); i++) {
            Object filter = filters.get(i);
            String where = name + "[" + i + "]";
            copy.add(
                    filter instanceof List<?> group ? filterList(where, group) : Objects.requireNonNull(filter, where));
        }
        return List.copyOf(copy);
    }

    /**
     * Sets {@code sumOrFiltersScores}: whether an OR group of scored filters (in {@code filters} or
     * {@code optionalFilters}) scores the sum of its matching members rather than the best one.
     *
     * @param enabled whether OR groups sum their matching members' scores
     * @return a new query
     */
    public SearchQuery sumOrFiltersScores(boolean enabled) {
        return with("sumOrFiltersScores", enabled);
    }

    /**
     * Sets {@code facetFilters}, written as for {@link #facetFilters(List)}.
     *
     * @param facetFilters {@code facet:value} strings, all required
     * @return a new query
     */
    public SearchQuery facetFilters(String... facetFilters) {
        return withStrings("facetFilters", facetFilters);
    }

    /**
     * Sets {@code numericFilters}.
     *
     * @param numericFilters numeric conditions such as {@code price<500}, all required
     * @return a new query
     */
    public SearchQuery numericFilters(String... numericFilters) {
        return withStrings("numericFilters", numericFilters);
    }

    /**
     * Sets {@code tagFilters}: each tag as written, matched exactly; a leading {@code -} negates, {@code \-} stands
     * for a tag that starts with a minus.
     *
     * @param tagFilters tags, all required
     * @return a new query
     */
    public SearchQuery tagFilters(String... tagFilters) {
        return withStrings("tagFilters", tagFilters);
    }

    /**
     * Sets {@code optionalFilters}.
     *
     * @param optionalFilters filters that promote matching records without excluding others
     * @return a new query
     */
    public SearchQuery optionalFilters(String... optionalFilters) {
        return withStrings("optionalFilters", optionalFilters);
    }

    /**
     * Sets {@code facets}.
     *
     * @param facets the attributes to count facet values of ({@code *} for all)
     * @return a new query
     */
    public SearchQuery facets(String... facets) {
        return withStrings("facets", facets);
    }

    /**
     * Sets {@code maxValuesPerFacet}.
     *
     * @param maxValuesPerFacet the most values returned per facet
     * @return a new query
     */
    public SearchQuery maxValuesPerFacet(int maxValuesPerFacet) {
        return with("maxValuesPerFacet", maxValuesPerFacet);
    }

    /**
     * Sets {@code sortFacetValuesBy}.
     *
     * @param sortFacetValuesBy {@code count} or {@code alpha}
     * @return a new query
     */
    public SearchQuery sortFacetValuesBy(String sortFacetValuesBy) {
        return with("sortFacetValuesBy", sortFacetValuesBy);
    }

    /**
     * Sets {@code page}.
     *
     * @param page the zero-based page
     * @return a new query
     */
    public SearchQuery page(int page) {
        return with("page", page);
    }

    /**
     * Sets {@code hitsPerPage}.
     *
     * @param hitsPerPage hits per page
     * @return a new query
     */
    public SearchQuery hitsPerPage(int hitsPerPage) {
        return with("hitsPerPage", hitsPerPage);
    }

    /**
     * Sets {@code offset}.
     *
     * @param offset the first hit to return (with {@link #length(int)}, instead of pages)
     * @return a new query
     */
    public SearchQuery offset(int offset) {
        return with("offset", offset);
    }

    /**
     * Sets {@code length}.
     *
     * @param length how many hits to return from {@link #offset(int)}
     * @return a new query
     */
    public SearchQuery length(int length) {
        return with("length", length);
    }

    /**
     * Sets {@code attributesToRetrieve}.
     *
     * @param attributes the attributes returned in hits ({@code *} for all, {@code -x} to leave {@code x} out of
     *     {@code *}); names are dotted paths and travel as a JSON array, so they may hold commas (see
     *     {@link IndexSettings} for the names that settings and lists give a meaning to)
     * @return a new query
     */
    public SearchQuery attributesToRetrieve(String... attributes) {
        return withStrings("attributesToRetrieve", attributes);
    }

    /**
     * Sets {@code attributesToHighlight}.
     *
     * Naming at least one attribute asks for the hits' highlights (see the class description).
     *
     * @param attributes the attributes highlighted in {@code _highlightResult}
     * @return a new query
     */
    public SearchQuery attributesToHighlight(String... attributes) {
        return withStrings("attributesToHighlight", attributes);
    }

    /**
     * Sets {@code attributesToSnippet}.
     *
     * Naming at least one attribute asks for the hits' snippets (see the class description).
     *
     * @param attributes the attributes snippeted, e.g. {@code description:10}: a number after the last {@code :} is
     *     the word count, so an attribute whose name ends in {@code :} and digits is written with a count of its own
     *     ({@code ratio:3:10})
     * @return a new query
     */
    public SearchQuery attributesToSnippet(String... attributes) {
        return withStrings("attributesToSnippet", attributes);
    }

    /**
     * Sets {@code highlightPreTag}.
     *
     * Asks for the hits' highlights (see the class description).
     *
     * @param tag the markup placed before a match
     * @return a new query
     */
    public SearchQuery highlightPreTag(String tag) {
        return with("highlightPreTag", tag);
    }

    /**
     * Sets {@code highlightPostTag}.
     *
     * Asks for the hits' highlights (see the class description).
     *
     * @param tag the markup placed after a match
     * @return a new query
     */
    public SearchQuery highlightPostTag(String tag) {
        return with("highlightPostTag", tag);
    }

    /**
     * Sets {@code snippetEllipsisText}.
     *
     * Asks for the hits' snippets (see the class description).
     *
     * @param text the text marking cut-off snippet ends
     * @return a new query
     */
    public SearchQuery snippetEllipsisText(String text) {
        return with("snippetEllipsisText", text);
    }

    /**
     * Sets {@code getRankingInfo}.
     *
     * True asks for the hits' ranking info (see the class description).
     *
     * @param enabled whether hits carry {@code _rankingInfo}
     * @return a new query
     */
    public SearchQuery getRankingInfo(boolean enabled) {
        return with("getRankingInfo", enabled);
    }

    /**
     * Sets {@code distinct}.
     *
     * @param enabled whether de-duplication on the distinct attribute applies
     * @return a new query
     */
    public SearchQuery distinct(boolean enabled) {
        return with("distinct", enabled);
    }

    /**
     * Sets {@code distinct}.
     *
     * @param keep how many records per distinct value are kept
     * @return a new query
     */
    public SearchQuery distinct(int keep) {
        return with("distinct", keep);
    }

    /**
     * Sets {@code typoTolerance}.
     *
     * @param enabled whether typos are tolerated
     * @return a new query
     */
    public SearchQuery typoTolerance(boolean enabled) {
        return with("typoTolerance", enabled);
    }

    /**
     * Sets {@code typoTolerance}.
     *
     * @param mode {@code true}, {@code false}, {@code min} or {@code strict}
     * @return a new query
     */
    public SearchQuery typoTolerance(String mode) {
        return with("typoTolerance", mode);
    }

    /**
     * Sets {@code ignorePlurals}.
     *
     * @param enabled whether singular and plural forms match each other
     * @return a new query
     */
    public SearchQuery ignorePlurals(boolean enabled) {
        return with("ignorePlurals", enabled);
    }

    /**
     * Sets {@code ignorePlurals}.
     *
     * @param languages the languages whose plurals are ignored
     * @return a new query
     */
    public SearchQuery ignorePlurals(String... languages) {
        return withStrings("ignorePlurals", languages);
    }

    /**
     * Sets {@code removeStopWords}.
     *
     * @param enabled whether stop words are removed from the query
     * @return a new query
     */
    public SearchQuery removeStopWords(boolean enabled) {
        return with("removeStopWords", enabled);
    }

    /**
     * Sets {@code removeStopWords}.
     *
     * @param languages the languages whose stop words are removed
     * @return a new query
     */
    public SearchQuery removeStopWords(String... languages) {
        return withStrings("removeStopWords", languages);
    }

    /**
     * Sets {@code queryType}.
     *
     * @param queryType {@code prefixLast}, {@code prefixAll} or {@code prefixNone}
     * @return a new query
     */
    public SearchQuery queryType(String queryType) {
        return with("queryType", queryType);
    }

    /**
     * Sets {@code restrictSearchableAttributes}.
     *
     * @param attributes the searchable attributes this query is limited to
     * @return a new query
     */
    public SearchQuery restrictSearchableAttributes(String... attributes) {
        return withStrings("restrictSearchableAttributes", attributes);
    }

    /**
     * Sets {@code clickAnalytics}.
     *
     * @param enabled whether the response carries a {@code queryID} for click analytics
     * @return a new query
     */
    public SearchQuery clickAnalytics(boolean enabled) {
        return with("clickAnalytics", enabled);
    }

    /**
     * Sets {@code analytics}.
     *
     * @param enabled whether this query counts in analytics
     * @return a new query
     */
    public SearchQuery analytics(boolean enabled) {
        return with("analytics", enabled);
    }

    /**
     * Sets {@code analyticsTags}.
     *
     * @param tags tags to segment analytics by
     * @return a new query
     */
    public SearchQuery analyticsTags(String... tags) {
        return withStrings("analyticsTags", tags);
    }

    /**
     * Sets {@code userToken}. A search made with a secured key that embeds a {@code userToken} is that user's: the
     * key's token replaces this one.
     *
     * @param userToken the end user's token (analytics, personalization, rate limiting)
     * @return a new query
     */
    public SearchQuery userToken(String userToken) {
        return with("userToken", userToken);
    }

    /**
     * Sets {@code enableRules}.
     *
     * @param enabled whether rules apply
     * @return a new query
     */
    public SearchQuery enableRules(boolean enabled) {
        return with("enableRules", enabled);
    }

    /**
     * Sets {@code ruleContexts}.
     *
     * @param contexts the rule contexts this query activates
     * @return a new query
     */
    public SearchQuery ruleContexts(String... contexts) {
        return withStrings("ruleContexts", contexts);
    }

    /**
     * Sets {@code aroundLatLng}: results are ranked by distance to the point, and only those within
     * {@link #aroundRadius(int)} match when a radius is set. Write the numbers with {@code String.valueOf(double)}
     * ({@code lat + "," + lng}), never with a locale's format, which may use a decimal comma or drop digits.
     * Ignored when boxes or polygons are set.
     *
     * @param latLng a {@code lat,lng} point to search around, in degrees, such as {@code "48.8566,2.3522"}
     * @return a new query
     */
    public SearchQuery aroundLatLng(String latLng) {
        return with("aroundLatLng", latLng);
    }

    /**
     * Sets {@code aroundLatLngViaIP}.
     *
     * @param enabled whether to search around the caller's IP location
     * @return a new query
     */
    public SearchQuery aroundLatLngViaIP(boolean enabled) {
        return with("aroundLatLngViaIP", enabled);
    }

    /**
     * Sets {@code aroundRadius}. For no limit at all, {@code param("aroundRadius", "all")}.
     *
     * @param meters the radius around the point, at least 1
     * @return a new query
     */
    public SearchQuery aroundRadius(int meters) {
        return with("aroundRadius", meters);
    }

    /**
     * Sets {@code aroundPrecision}.
     *
     * @param meters the precision of geo-distance ranking
     * @return a new query
     */
    public SearchQuery aroundPrecision(int meters) {
        return with("aroundPrecision", meters);
    }

    /**
     * Sets {@code aroundPrecision} as distance ranges: from each range's start on, results within its width of
     * each other rank as equally close, such as 25 meters up to 2 km and 1 km beyond.
     *
     * @param ranges the ranges, at least one; null removes the parameter
     * @return a new query
     * @throws io.quarry.core.InvalidRequestException when no range is given
     */
    public SearchQuery aroundPrecision(List<GeoPrecisionRange> ranges) {
        if (ranges == null) {
            return with("aroundPrecision", null);
        }
        if (ranges.isEmpty()) {
            throw new io.quarry.core.InvalidRequestException("aroundPrecision needs at least one range");
        }
        List<Map<String, Object>> wire = ranges.stream()
                .map(range -> {
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("from", range.from());
                    entry.put("value", range.value());
                    return java.util.Collections.unmodifiableMap(entry);
                })
                .toList();
        return with("aroundPrecision", wire);
    }

    /**
     * Sets {@code insideBoundingBox}: only records with a {@code _geoloc} point inside one of the boxes match. Each
     * box is given by two opposite corners, {@code [lat1, lng1, lat2, lng2]}, latitudes within -90..90 and
     * longitudes within -180..180. With boxes, {@code aroundLatLng} and {@link #insidePolygon(List) insidePolygon}
     * are ignored. Coordinates are sent exactly as the doubles hold them.
     *
     * @param box the boxes, at least one; null removes the parameter
     * @return a new query
     * @throws io.quarry.core.InvalidRequestException for no box, a box of other than 4 numbers, or a null, NaN,
     *     infinite or out-of-range coordinate
     */
    public SearchQuery insideBoundingBox(List<List<Double>> box) {
        return with("insideBoundingBox", box == null ? null : GeoAreas.boxes(box));
    }

    /**
     * Sets {@code insidePolygon}: only records with a {@code _geoloc} point inside one of the polygons match. Each
     * polygon is its corners in order, {@code [lat1, lng1, lat2, lng2, lat3, lng3, ...]}, at least 3 points,
     * latitudes within -90..90 and longitudes within -180..180. With polygons, {@code aroundLatLng} is ignored;
     * with {@link #insideBoundingBox(List) insideBoundingBox} too, only the boxes apply. The service bounds the
     * points of all the polygons together and refuses a search giving more. Coordinates are sent exactly as the
     * doubles hold them.
     *
     * @param polygons the polygons, at least one; null removes the parameter
     * @return a new query
     * @throws io.quarry.core.InvalidRequestException for no polygon, a polygon of fewer than 3 points or an odd count
     *     of numbers, or a null, NaN, infinite or out-of-range coordinate
     */
    public SearchQuery insidePolygon(List<List<Double>> polygons) {
        return with("insidePolygon", polygons == null ? null : GeoAreas.polygons(polygons));
    }

    /**
     * Sets {@code advancedSyntax}.
     *
     * @param enabled whether the advanced query syntax (quotes, minus) applies
     * @return a new query
     */
    public SearchQuery advancedSyntax(boolean enabled) {
        return with("advancedSyntax", enabled);
    }

    /**
     * Sets {@code minWordSizefor1Typo}.
     *
     * @param size the minimum word length accepting one typo
     * @return a new query
     */
    public SearchQuery minWordSizefor1Typo(int size) {
        return with("minWordSizefor1Typo", size);
    }

    /**
     * Sets {@code minWordSizefor2Typos}.
     *
     * @param size the minimum word length accepting two typos
     * @return a new query
     */
    public SearchQuery minWordSizefor2Typos(int size) {
        return with("minWordSizefor2Typos", size);
    }

    /**
     * Sets {@code removeWordsIfNoResults}.
     *
     * @param mode {@code none}, {@code lastWords}, {@code firstWords} or {@code allOptional}
     * @return a new query
     */
    public SearchQuery removeWordsIfNoResults(String mode) {
        return with("removeWordsIfNoResults", mode);
    }

    /**
     * Sets {@code optionalWords}.
     *
     * @param words words that are optional in the query
     * @return a new query
     */
    public SearchQuery optionalWords(String... words) {
        return withStrings("optionalWords", words);
    }

    /**
     * Sets {@code explain}.
     *
     * @param enabled whether the response names the rules and settings that applied
     * @return a new query
     */
    public SearchQuery explain(boolean enabled) {
        return with("explain", enabled);
    }

    /**
     * Sets {@code paginationLimitedTo}.
     *
     * @param hits the most hits the query can page through
     * @return a new query
     */
    public SearchQuery paginationLimitedTo(int hits) {
        return with("paginationLimitedTo", hits);
    }
}
