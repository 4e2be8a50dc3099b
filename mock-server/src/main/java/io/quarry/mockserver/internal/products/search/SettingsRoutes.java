package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Index settings. PUT merges: a member replaces the current value, {@code null} resets it to its default. GET
 * answers what is set over the defaults the service always returns (typo word sizes, hitsPerPage,
 * maxValuesPerFacet, paginationLimitedTo, ranking, highlight tags, ...); settings without a default the
 * service reports appear only once set. In strict mode a setting the service does not know is a 400. With
 * {@code forwardToReplicas} the change also applies, in the same write, to the replicas named in the index's
 * {@code replicas} setting (created when absent), except {@code replicas} and {@code primary} themselves.
 */
final class SettingsRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int GET = 0;
    static final int SET = 1;

    private static final ObjectNode DEFAULTS = defaults();

    /** What a replica keeps of its own when settings are forwarded to it: its place among the indices. */
    private static final List<String> NOT_FORWARDED = List.of("replicas", "primary");

    /** The index settings of the service's public API. */
    private static final Set<String> KNOWN = Set.of(
            "searchableAttributes",
            "attributesForFaceting",
            "unretrievableAttributes",
            "attributesToRetrieve",
            "ranking",
            "customRanking",
            "relevancyStrictness",
            "replicas",
            "primary",
            "maxValuesPerFacet",
            "sortFacetValuesBy",
            "attributesToHighlight",
            "attributesToSnippet",
            "highlightPreTag",
            "highlightPostTag",
            "snippetEllipsisText",
            "restrictHighlightAndSnippetArrays",
            "hitsPerPage",
            "paginationLimitedTo",
            "minWordSizefor1Typo",
            "minWordSizefor2Typos",
            "typoTolerance",
            "allowTyposOnNumericTokens",
            "disableTypoToleranceOnAttributes",
            "disableTypoToleranceOnWords",
            "separatorsToIndex",
            "ignorePlurals",
            "attributesToTransliterate",
            "camelCaseAttributes",
            "decompoundedAttributes",
            "keepDiacriticsOnCharacters",
            "customNormalization",
            "queryLanguages",
            "indexLanguages",
            "decompoundQuery",
            "enableRules",
            "enablePersonalization",
            "queryType",
            "removeWordsIfNoResults",
            "advancedSyntax",
            "advancedSyntaxFeatures",
            "optionalWords",
            "removeStopWords",
            "disablePrefixOnAttributes",
            "disableExactOnAttributes",
            "exactOnSingleWordQuery",
            "alternativesAsExact",
            "numericAttributesForFiltering",
            "numericAttributesToIndex",
            "allowCompressionOfIntegerArray",
            "attributeForDistinct",
            "distinct",
            "replaceSynonymsInHighlight",
            "minProximity",
            "responseFields",
            "maxFacetHits",
            "attributeCriteriaComputedByMinProximity",
            "renderingContent",
            "userData",
            "mode",
            "semanticSearch",
            "enableReRanking",
            "reRankingApplyFilter",
            "attributesToIndex",
            "version");

    private final Application app;
    private final boolean strict;

    SettingsRoutes(Application app, boolean strict) {
        this.app = app;
        this.strict = strict;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case GET -> get(request);
            case SET -> set(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    private static ObjectNode defaults() {
        ObjectNode defaults = Json.object();
        defaults.put("minWordSizefor1Typo", 4);
        defaults.put("minWordSizefor2Typos", 8);
        defaults.put("hitsPerPage", 20);
        defaults.put("maxValuesPerFacet", 100);
        defaults.put("paginationLimitedTo", 1000);
        defaults.put("version", 2);
        defaults.put("typoTolerance", true);
        defaults.put("ignorePlurals", false);
        defaults.put("removeStopWords", false);
        defaults.put("queryType", "prefixLast");
        defaults.put("removeWordsIfNoResults", "none");
        defaults.put("exactOnSingleWordQuery", "attribute");
        defaults.put("separatorsToIndex", "");
        defaults.put("highlightPreTag", "<em>");
        defaults.put("highlightPostTag", "</em>");
        defaults.put("snippetEllipsisText", "");
        ArrayNode ranking = defaults.putArray("ranking");
        for (String criterion :
                List.of("typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom")) {
            ranking.add(criterion);
        }
        defaults.putArray("alternativesAsExact").add("ignorePlurals").add("singleWordSynonym");
        return defaults;
    }

    /** {@code GET /1/indexes/{indexName}/settings}. */
    Response get(Request request) {
        ObjectNode body = DEFAULTS.deepCopy();
        for (Map.Entry<String, JsonNode> set :
                app.require(request.path("indexName")).config().settings().properties()) {
            body.set(set.getKey(), set.getValue().deepCopy());
        }
        return Response.ok(body);
    }

    /** {@code PUT /1/indexes/{indexName}/settings}: {@code {"updatedAt", "taskID"}}. */
    Response set(Request request) {
        ObjectNode changes = request.jsonObject();
        if (strict) {
            for (String name : changes.propertyNames()) {
                if (!KNOWN.contains(name)) {
                    throw ApiException.badRequest("Unknown setting: " + name);
                }
            }
        }
        String name = request.path("indexName");
        ObjectNode forwarded = changes.deepCopy();
        forwarded.remove(NOT_FORWARDED);
        var written = app.writeMany(Replicas.targets(app, request), indices -> {
            indices.forEach((target, index) -> index.mergeSettings(target.equals(name) ? changes : forwarded));
            return null;
        });
        return Response.ok(
                Replies.task("updatedAt", app.nowMillis(), written.taskIds().get(name)));
    }
}
