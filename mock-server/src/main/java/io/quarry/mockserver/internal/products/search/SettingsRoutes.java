package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.internal.search.TypoWordSizes;
import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import java.util.LinkedHashSet;
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
 * {@code replicas} setting, except {@code replicas} and {@code primary} themselves. Setting {@code replicas} links
 * and unlinks replicas (see {@link ReplicaSetting}); {@code primary} is read-only.
 */
final class SettingsRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int GET = 0;
    static final int SET = 1;

    private static final ObjectNode DEFAULTS = defaults();

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

    /**
     * {@code GET /1/indexes/{indexName}/settings}. A key restricted to some indices is not shown the names of the
     * others in {@code primary} and {@code replicas}.
     */
    Response get(Request request) {
        ObjectNode body = DEFAULTS.deepCopy();
        for (Map.Entry<String, JsonNode> set :
                app.require(request.path("indexName")).config().settings().properties()) {
            body.set(set.getKey(), set.getValue().deepCopy());
        }
        VisibleLinks.hide(body, request.get(Caller.class));
        return Response.ok(body);
    }

    /**
     * {@code primary} is read-only: it is set by the primary's {@code replicas}. Sent back as read (settings read,
     * changed and written whole), it is accepted and changes nothing.
     */
    private static void requireSamePrimary(IndexState index, JsonNode sent) {
        if (sent == null) {
            return;
        }
        String current = index.primaryName();
        boolean same = sent.isNull()
                ? current == null
                : sent.isString() && sent.stringValue().equals(current);
        if (!same) {
            throw ApiException.badRequest("primary cannot be set: an index becomes a replica, or stops being one, "
                    + "through the replicas setting of its primary");
        }
    }

    /**
     * The typo word sizes the index will hold once changed are checked as one request's: a bad size saved would
     * make every later search a 400.
     */
    private static void checkTypoWordSizes(IndexState index, ObjectNode changes) {
        ObjectNode settings = index.config().settings();
        TypoWordSizes.check(
                changes.has(TypoWordSizes.ONE_TYPO)
                        ? changes.get(TypoWordSizes.ONE_TYPO)
                        : settings.get(TypoWordSizes.ONE_TYPO),
                changes.has(TypoWordSizes.TWO_TYPOS)
                        ? changes.get(TypoWordSizes.TWO_TYPOS)
                        : settings.get(TypoWordSizes.TWO_TYPOS));
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
        ReplicaSetting replicas = ReplicaSetting.parse(name, changes);
        JsonNode primary = changes.remove("primary");
        ObjectNode forwarded = changes.deepCopy();
        forwarded.remove(ReplicaSetting.PLACE);
        Set<String> names = new LinkedHashSet<>();
        names.add(name);
        if (replicas != null) {
            // the key must be allowed on each index it links (and may create)
            replicas.names().forEach(request.get(Caller.class)::requireIndex);
            names.addAll(replicas.names());
        }
        var written = app.writeMany(names, indices -> {
            IndexState index = indices.get(name);
            List<IndexState> targets = Replicas.targets(app, request, index);
            requireSamePrimary(index, primary);
            if (replicas != null) {
                VisibleLinks.requireAllShown(index, request.get(Caller.class));
                replicas.check(indices);
            }
            for (IndexState target : targets) {
                checkTypoWordSizes(target, target == index ? changes : forwarded);
            }
            for (IndexState target : targets) {
                target.mergeSettings(target == index ? changes : forwarded);
            }
            if (replicas != null) {
                replicas.link(indices);
            }
            return null;
        });
        return Response.ok(
                Replies.task("updatedAt", app.nowMillis(), written.taskIds().get(name)));
    }
}
