package io.quarry.search.internal;

import io.quarry.core.ApiRequest;
import io.quarry.core.RequestOptions;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.SearchQuery;
import java.lang.reflect.Array;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which members the service generates on a search's hits its parameters ask for, so that the hits keep those
 * ({@link ApiRequest#generatedMembersKept}) and step over the others: {@code _highlightResult} when they name an
 * attribute in {@code attributesToHighlight} or set {@code highlightPreTag} or {@code highlightPostTag};
 * {@code _snippetResult} when they name one in {@code attributesToSnippet} or set {@code snippetEllipsisText};
 * {@code _rankingInfo} when they set {@code getRankingInfo} to true. In whichever form the query carries them:
 * typed values, lists, arrays, strings (a JSON array or a comma-separated list), {@code "true"} or {@code "1"}, and
 * inside a URL-encoded {@code params} string. Other parameters that make the service add a member
 * ({@code distinct} its {@code _distinctSeqID}) do not count: the SDK reads no such member for the caller, who asks
 * with {@link io.quarry.core.RequestOptions.Builder#keepGeneratedMembers()}.
 *
 * <p>A search sent as a GET (its parameters in the URL) also counts the URL parameters its options add
 * ({@link io.quarry.core.RequestOptions.Builder#queryParameter}): the service reads them as search parameters
 * there. A POST search does not: the service reads its parameters from the body only, so such a URL parameter asks
 * the service for nothing and there is nothing to keep.
 */
public final class GeneratedMembersAsked {

    private static final String HIGHLIGHTS = "_highlightResult";
    private static final String SNIPPETS = "_snippetResult";
    private static final String RANKING_INFO_MEMBER = "_rankingInfo";
    /** The attribute lists that ask for a member when they name an attribute, and the member they ask for. */
    private static final Map<String, String> ATTRIBUTE_LISTS =
            Map.of("attributesToHighlight", HIGHLIGHTS, "attributesToSnippet", SNIPPETS);
    /** The texts that ask for a member when set, and the member they ask for. */
    private static final Map<String, String> TEXTS =
            Map.of("highlightPreTag", HIGHLIGHTS, "highlightPostTag", HIGHLIGHTS, "snippetEllipsisText", SNIPPETS);

    private static final String RANKING_INFO = "getRankingInfo";
    /** A {@code params} string inside a {@code params} string is not read by the service: one level is enough. */
    private static final String PARAMS = "params";

    private GeneratedMembersAsked() {}

    /**
     * Marks a search request sent with its parameters in the body to keep the members its query asks for.
     *
     * @param request the request
     * @param query   its parameters, or null for none
     * @return the request
     */
    public static ApiRequest keepingAskedBy(ApiRequest request, SearchQuery query) {
        return request.generatedMembersKept(List.of(askedBy(query)));
    }

    /**
     * Marks a search request sent with its parameters in the URL to keep the members its query, or the URL
     * parameters its options add, ask for.
     *
     * @param request the request
     * @param query   its parameters, or null for none
     * @param options the options it is sent with
     * @return the request
     */
    public static ApiRequest keepingAskedInUrl(ApiRequest request, SearchQuery query, RequestOptions options) {
        Set<String> asked = askedBy(query);
        Map<String, Object> inUrl = options.queryParameters();
        if (!inUrl.isEmpty()) {
            Set<String> both = new HashSet<>(asked);
            asks(inUrl, true, both);
            asked = both;
        }
        return request.generatedMembersKept(List.of(asked));
    }

    /**
     * Marks a multi-search request to keep, in each result, the members its query asks for (results come in the
     * queries' order); a facet entry's result has no hits, and keeps none.
     *
     * @param request the request
     * @param queries its queries
     * @return the request
     */
    public static ApiRequest keepingAskedByEach(ApiRequest request, List<IndexQuery> queries) {
        List<Set<String>> perResult = new ArrayList<>(queries.size());
        for (IndexQuery query : queries) {
            perResult.add(query == null || query.isFacetSearch() ? Set.of() : askedBy(query.query()));
        }
        return request.generatedMembersKept(perResult.isEmpty() ? List.of(Set.of()) : perResult);
    }

    /** The members a query asks for. */
    private static Set<String> askedBy(SearchQuery query) {
        if (query == null) {
            return Set.of();
        }
        Set<String> asked = new HashSet<>(4);
        asks(query.params(), true, asked);
        return asked;
    }

    private static void asks(Map<String, ?> params, boolean readParams, Set<String> asked) {
        ATTRIBUTE_LISTS.forEach((name, member) -> {
            if (namesAttributes(params.get(name))) {
                asked.add(member);
            }
        });
        TEXTS.forEach((name, member) -> {
            if (params.get(name) != null) {
                asked.add(member);
            }
        });
        if (isTrue(params.get(RANKING_INFO))) {
            asked.add(RANKING_INFO_MEMBER);
        }
        if (readParams && params.get(PARAMS) instanceof String encoded) {
            asks(decoded(encoded), false, asked);
        }
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
