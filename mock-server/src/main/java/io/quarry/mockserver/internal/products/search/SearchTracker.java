package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.internal.filter.Atom;
import io.quarry.mockserver.engine.internal.filter.FilterCompiler;
import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.state.RandomIds;
import io.quarry.mockserver.internal.state.TrackedSearch;
import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import io.quarry.mockserver.internal.state.Tracking;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Records each search in the application's {@link Tracking}, as the service's analytics sees it, and gives a search
 * with {@code clickAnalytics: true} its {@code queryID} (32 lower-case hexadecimal characters) so later events can
 * name it. A search with {@code analytics: false} is answered but not recorded.
 */
final class SearchTracker {

    /**
     * A filter's comparison inside a {@code filters} expression or a numeric filter. In a class of its own, compiled
     * on the first search with filters: compiling it takes a fresh JVM a few milliseconds, which the server's start
     * need not pay.
     */
    private static final class Comparison {
        // a quoted text may hold a quote or a backslash escaped by a backslash
        static final Pattern PATTERN =
                Pattern.compile("(\"(?:[^\"\\\\]|\\\\.)+\"|'(?:[^'\\\\]|\\\\.)+'|[^\\s()\"':<>=!]+)"
                        + "\\s*(:|<=|>=|!=|<|>|=)\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|[^\\s()]+)");
        static final Pattern ESCAPE = Pattern.compile("\\\\(.)");
    }

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
        if (!flag(params.get("analytics"), true)) {
            return;
        }
        String queryID = null;
        if (flag(params.get("clickAnalytics"), false)) {
            queryID = RandomIds.next();
            result.put("queryID", queryID);
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
                userToken(request, params),
                ip(request),
                queryID,
                objectIDs,
                result.path("page").asInt(0),
                result.path("hitsPerPage").asInt(20)));
    }

    private static String userToken(Request request, ObjectNode params) {
        JsonNode token = params.get("userToken");
        if (token != null && token.isString() && !token.asString().isEmpty()) {
            return token.asString();
        }
        Caller caller = request.get(Caller.class);
        return caller == null ? null : caller.securedUserToken();
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
        comparisons(params.path("filters").asString(""), found);
        for (String facetFilter : filterTexts("facetFilters", params.get("facetFilters"))) {
            Atom atom = FilterCompiler.facetFilter("facetFilters", facetFilter);
            found.add(
                    atom instanceof Atom.Facet facet
                            ? new AppliedFilter(facet.attribute(), ":", facet.value())
                            : new AppliedFilter("_tags", ":", ((Atom.Tag) atom).value()));
        }
        for (String numericFilter : filterTexts("numericFilters", params.get("numericFilters"))) {
            comparisons(numericFilter, found);
        }
        for (String tag : filterTexts("tagFilters", params.get("tagFilters"))) {
            found.add(new AppliedFilter(
                    "_tags", ":", tag.startsWith("-") || tag.startsWith("\\-") ? tag.substring(1) : tag));
        }
        return found;
    }

    private static void comparisons(String expression, List<AppliedFilter> found) {
        if (expression.isEmpty()) {
            return;
        }
        Matcher matcher = Comparison.PATTERN.matcher(expression);
        while (matcher.find()) {
            found.add(new AppliedFilter(unquote(matcher.group(1)), matcher.group(2), unquote(matcher.group(3))));
        }
    }

    private static String unquote(String text) {
        boolean quoted = text.length() >= 2
                && (text.startsWith("\"") && text.endsWith("\"") || text.startsWith("'") && text.endsWith("'"));
        String inner = quoted ? text.substring(1, text.length() - 1) : text;
        return inner.indexOf('\\') < 0
                ? inner
                : Comparison.ESCAPE.matcher(inner).replaceAll("$1");
    }

    /** {@return the filter texts of a parameter as the engine reads them: each array item whole, commas kept} */
    private static List<String> filterTexts(String name, JsonNode value) {
        List<String> out = new ArrayList<>();
        if (value != null && !value.isNull()) {
            FilterCompiler.groups(name, value).forEach(out::addAll);
        }
        return out;
    }

    /** {@return the strings of a parameter: a string (a JSON array in text is read as one), or nested arrays} */
    private static List<String> strings(JsonNode value) {
        List<String> out = new ArrayList<>();
        collect(value, out);
        return out;
    }

    private static void collect(JsonNode value, List<String> out) {
        if (value == null || value.isNull()) {
            return;
        }
        if (value.isArray()) {
            value.forEach(item -> collect(item, out));
        } else if (value.isString()) {
            String text = value.asString().trim();
            if (text.startsWith("[")) {
                try {
                    collect(io.quarry.mockserver.internal.json.Json.parse(text), out);
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
