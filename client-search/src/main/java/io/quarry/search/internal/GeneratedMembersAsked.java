package io.quarry.search.internal;

import io.quarry.core.ApiRequest;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.SearchQuery;
import java.lang.reflect.Array;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a search's parameters ask for members the service generates on its hits, so that the hits keep them: a
 * search whose parameters ask for none is marked {@link ApiRequest#generatedMembersOnlyWhenAsked()}. Asking is
 * naming at least one attribute in {@code attributesToHighlight} or {@code attributesToSnippet}, setting
 * {@code highlightPreTag}, {@code highlightPostTag} or {@code snippetEllipsisText}, or setting
 * {@code getRankingInfo} to true; in whichever form the query carries them: typed values, lists, arrays, strings (a
 * JSON array or a comma-separated list), {@code "true"} or {@code "1"}, and inside a URL-encoded {@code params}
 * string. Other parameters that make the service add a member ({@code distinct} its {@code _distinctSeqID}) do not
 * count: the SDK reads no such member for the caller, who asks with
 * {@link io.quarry.core.RequestOptions.Builder#keepGeneratedMembers()}.
 */
public final class GeneratedMembersAsked {

    private static final List<String> ATTRIBUTE_LISTS = List.of("attributesToHighlight", "attributesToSnippet");
    private static final List<String> TEXTS = List.of("highlightPreTag", "highlightPostTag", "snippetEllipsisText");
    private static final String RANKING_INFO = "getRankingInfo";
    /** A {@code params} string inside a {@code params} string is not read by the service: one level is enough. */
    private static final String PARAMS = "params";

    private GeneratedMembersAsked() {}

    /**
     * Marks a search request whose query asks for no generated member.
     *
     * @param request the request
     * @param query   its parameters, or null for none
     * @return the request
     */
    public static ApiRequest unlessAskedBy(ApiRequest request, SearchQuery query) {
        return query != null && asks(query.params(), true) ? request : request.generatedMembersOnlyWhenAsked();
    }

    /**
     * Marks a multi-search request none of whose search entries asks for a generated member: one entry asking keeps
     * them for every result of the call.
     *
     * @param request the request
     * @param queries its queries
     * @return the request
     */
    public static ApiRequest unlessAskedByAny(ApiRequest request, List<IndexQuery> queries) {
        for (IndexQuery query : queries) {
            if (query != null && !query.isFacetSearch() && asks(query.query().params(), true)) {
                return request;
            }
        }
        return request.generatedMembersOnlyWhenAsked();
    }

    private static boolean asks(Map<String, ?> params, boolean readParams) {
        for (String name : ATTRIBUTE_LISTS) {
            if (namesAttributes(params.get(name))) {
                return true;
            }
        }
        for (String name : TEXTS) {
            if (params.get(name) != null) {
                return true;
            }
        }
        if (isTrue(params.get(RANKING_INFO))) {
            return true;
        }
        return readParams && params.get(PARAMS) instanceof String encoded && asks(decoded(encoded), false);
    }

    private static boolean namesAttributes(Object value) {
        if (value == null) {
            return false;
        }
        if (value instanceof Collection<?> list) {
            return list.stream()
                    .anyMatch(item -> item != null && !item.toString().isBlank());
        }
        if (value.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(value); i++) {
                Object item = Array.get(value, i);
                if (item != null && !item.toString().isBlank()) {
                    return true;
                }
            }
            return false;
        }
        // a JSON array's text or a comma-separated list: any name in it (quotes, brackets and commas aside)
        return value.toString().chars().anyMatch(c -> " \t\r\n\"',[]".indexOf(c) < 0);
    }

    private static boolean isTrue(Object value) {
        if (value instanceof Boolean flag) {
            return flag;
        }
        if (value instanceof Number number) {
            return number.longValue() != 0;
        }
        if (value instanceof String text) {
            String trimmed = text.trim().toLowerCase(Locale.ROOT);
            return trimmed.equals("true") || trimmed.equals("1");
        }
        return false;
    }

    /** A URL-encoded parameter string's names and values (a name without {@code =} has an empty value). */
    private static Map<String, String> decoded(String encoded) {
        Map<String, String> params = new java.util.HashMap<>();
        for (String pair : encoded.split("&")) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            try {
                params.put(
                        URLDecoder.decode(name, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                // a malformed escape: the service refuses the string, nothing to keep for it
            }
        }
        return params;
    }
}
