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

    private static final int HIGHLIGHTS = 1;
    private static final int SNIPPETS = 2;
    private static final int RANKING_INFO_MEMBER = 4;
    /** The members asked for, by the bits of what asks for them: one set each, made once (nothing per call). */
    private static final List<Set<String>> MEMBERS = membersByBits();
    /** The attribute lists that ask for a member when they name an attribute, and the member they ask for. */
    private static final Map<String, Integer> ATTRIBUTE_LISTS =
            Map.of("attributesToHighlight", HIGHLIGHTS, "attributesToSnippet", SNIPPETS);
    /** The texts that ask for a member when set, and the member they ask for. */
    private static final Map<String, Integer> TEXTS =
            Map.of("highlightPreTag", HIGHLIGHTS, "highlightPostTag", HIGHLIGHTS, "snippetEllipsisText", SNIPPETS);

    private static final String RANKING_INFO = "getRankingInfo";
    /** How a search asks for each member, in the words of the message a hit throws when it did not keep one. */
    private static final Map<String, String> HOW_TO_ASK = Map.of(
            "_highlightResult", "in the query (attributesToHighlight, highlightPreTag or highlightPostTag)",
            "_snippetResult", "in the query (attributesToSnippet or snippetEllipsisText)",
            "_rankingInfo", "in the query (getRankingInfo)");
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
        return request.generatedMembersKept(List.of(MEMBERS.get(askedBy(query))), HOW_TO_ASK);
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
        int asked = askedBy(query) | asks(options.queryParameters(), true);
        return request.generatedMembersKept(List.of(MEMBERS.get(asked)), HOW_TO_ASK);
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
            perResult.add(MEMBERS.get(query == null || query.isFacetSearch() ? 0 : askedBy(query.query())));
        }
        return request.generatedMembersKept(perResult.isEmpty() ? List.of(Set.of()) : perResult, HOW_TO_ASK);
    }

    /** The members a query asks for, as bits. */
    private static int askedBy(SearchQuery query) {
        return query == null ? 0 : asks(query.params(), true);
    }

    private static int asks(Map<String, ?> params, boolean readParams) {
        if (params.isEmpty()) {
            return 0;
        }
        int asked = 0;
        for (Map.Entry<String, Integer> list : ATTRIBUTE_LISTS.entrySet()) {
            if (namesAttributes(params.get(list.getKey()))) {
                asked |= list.getValue();
            }
        }
        for (Map.Entry<String, Integer> text : TEXTS.entrySet()) {
            if (params.get(text.getKey()) != null) {
                asked |= text.getValue();
            }
        }
        if (isTrue(params.get(RANKING_INFO))) {
            asked |= RANKING_INFO_MEMBER;
        }
        if (readParams && params.get(PARAMS) instanceof String encoded) {
            asked |= asks(decoded(encoded), false);
        }
        return asked;
    }

    private static List<Set<String>> membersByBits() {
        List<Set<String>> sets = new ArrayList<>(8);
        for (int bits = 0; bits < 8; bits++) {
            Set<String> members = new java.util.LinkedHashSet<>();
            if ((bits & HIGHLIGHTS) != 0) {
                members.add("_highlightResult");
            }
            if ((bits & SNIPPETS) != 0) {
                members.add("_snippetResult");
            }
            if ((bits & RANKING_INFO_MEMBER) != 0) {
                members.add("_rankingInfo");
            }
            sets.add(Set.copyOf(members));
        }
        return List.copyOf(sets);
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
