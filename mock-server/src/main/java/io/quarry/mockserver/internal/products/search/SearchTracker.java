package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.internal.filter.Atom;
import io.quarry.mockserver.engine.internal.filter.FilterCompiler;
import io.quarry.mockserver.engine.internal.filter.FilterParser;
import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ConsolePaths;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.state.RandomIds;
import io.quarry.mockserver.internal.state.TrackedSearch;
import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import io.quarry.mockserver.internal.state.Tracking;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Records each search in the application's {@link Tracking}, as the service's analytics sees it, and gives a search
 * with {@code clickAnalytics: true} its {@code queryID} (32 lower-case hexadecimal characters) so later events can
 * name it. A search with {@code analytics: false}, or the console's own, is answered, with its query ID if asked, but
 * not recorded: events naming it count nowhere.
 */
final class SearchTracker {

    private final Tracking tracking;
    private final Clock clock;

    SearchTracker(Tracking tracking, Clock clock) {
        this.tracking = tracking;
        this.clock = clock;
    }

    /**
     * Records a search that ran and, for click analytics, adds its query ID to the response.
     *
     * @param request the HTTP request (its caller and address)
     * @param indexName the index searched
     * @param params the search's effective parameters
     * @param result the search response, changed in place
     */
    void searched(Request request, String indexName, ObjectNode params, ObjectNode result) {
        String queryID = null;
        if (flag(params.get("clickAnalytics"), false)) {
            queryID = RandomIds.next();
            result.put("queryID", queryID);
        }
        // the console's own searches (its search preview, its records view) are no user's: as analytics: false
        if (!flag(params.get("analytics"), true) || ConsolePaths.isOwnRead(request, null)) {
            return;
        }
        List<String> objectIDs = new ArrayList<>();
        for (JsonNode hit : result.path("hits")) {
            objectIDs.add(hit.path("objectID").asString(""));
        }
        tracking.recordSearch(new TrackedSearch(
                clock.millis(),
                indexName,
                result.path("query").asString(params.path("query").asString("")),
                result.path("nbHits").asLong(0),
                strings(params.get("analyticsTags")),
                filters(params),
                userToken(params),
                ip(request),
                queryID,
                objectIDs,
                result.path("page").asInt(0),
                result.path("hitsPerPage").asInt(20)));
    }

    /** The request's, or the one a secured key forces over it (in the effective parameters either way). */
    private static String userToken(ObjectNode params) {
        JsonNode token = params.get("userToken");
        return token != null && token.isString() && !token.asString().isEmpty() ? token.asString() : null;
    }

    private static String ip(Request request) {
        Caller caller = request.get(Caller.class);
        String forwardedFor = request.header("X-Forwarded-For");
        if (caller != null && caller.isAdmin() && forwardedFor != null && !forwardedFor.isBlank()) {
            return forwardedFor.split(",")[0].trim();
        }
        return request.remoteAddress();
    }

    /**
     * {@return the filters of {@code filters}, {@code facetFilters}, {@code numericFilters} and {@code tagFilters}},
     * each value as the engine reads it (unquoted and unescaped; a negated filter keeps its value)
     */
    static List<AppliedFilter> filters(ObjectNode params) {
        List<AppliedFilter> found = new ArrayList<>();
        String expression = params.path("filters").asString("");
        if (!expression.isEmpty()) {
            FilterParser.atomsInOrder(expression).forEach(atom -> found.add(applied(atom)));
        }
        for (String facetFilter : filterTexts("facetFilters", params.get("facetFilters"))) {
            found.add(applied(FilterCompiler.facetFilter("facetFilters", facetFilter)));
        }
        for (String numericFilter : filterTexts("numericFilters", params.get("numericFilters"))) {
            found.add(applied(FilterParser.parseNumeric(numericFilter)));
        }
        for (String tag : filterTexts("tagFilters", params.get("tagFilters"))) {
            found.add(new AppliedFilter(
                    "_tags", ":", tag.startsWith("-") || tag.startsWith("\\-") ? tag.substring(1) : tag));
        }
        return found;
    }

    /** {@return a filter as analytics counts it: its attribute, operator and value} */
    private static AppliedFilter applied(Atom atom) {
        if (atom instanceof Atom.Facet facet) {
            return new AppliedFilter(facet.attribute(), ":", facet.value());
        }
        if (atom instanceof Atom.Tag tag) {
            return new AppliedFilter("_tags", ":", tag.value());
        }
        if (atom instanceof Atom.Numeric numeric) {
            return new AppliedFilter(numeric.attribute(), numeric.operator(), number(numeric.number()));
        }
        Atom.Range range = (Atom.Range) atom;
        return new AppliedFilter(range.attribute(), ":", number(range.low()) + " TO " + number(range.high()));
    }

    /** {@return a number as a filter writes it: {@code 100}, not {@code 100.0}} */
    private static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** {@return the filter texts of a parameter as the engine reads them: each array item whole, commas kept} */
    private static List<String> filterTexts(String name, JsonNode value) {
        List<String> out = new ArrayList<>();
        if (value != null && !value.isNull()) {
            FilterCompiler.groups(name, value).forEach(out::addAll);
        }
        return out;
    }

    /**
     * {@return the strings of a parameter: a comma-separated string (a JSON array in text is read as one), or
     * nested arrays whose items are taken whole, commas included}
     */
    private static List<String> strings(JsonNode value) {
        List<String> out = new ArrayList<>();
        collect(value, out, false);
        return out;
    }

    private static void collect(JsonNode value, List<String> out, boolean arrayItem) {
        if (value == null || value.isNull()) {
            return;
        }
        if (value.isArray()) {
            value.forEach(item -> collect(item, out, true));
        } else if (value.isString()) {
            String text = value.asString().trim();
            if (arrayItem) {
                if (!text.isEmpty()) {
                    out.add(text);
                }
                return;
            }
            if (text.startsWith("[")) {
                try {
                    collect(io.quarry.mockserver.internal.json.Json.parse(text), out, false);
                    return;
                } catch (RuntimeException e) {
                    // not JSON: taken as one value below
                }
            }
            for (String part : text.split(",")) {
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
            }
        }
    }

    private static boolean flag(JsonNode value, boolean fallback) {
        if (value == null || value.isNull()) {
            return fallback;
        }
        return value.isBoolean() ? value.booleanValue() : Boolean.parseBoolean(value.asString());
    }
}
