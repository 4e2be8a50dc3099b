package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.internal.http.Request;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Masks the keys a search, browse or answers answer would echo back from its request: its {@code query},
 * {@code parsed_query} and {@code params} (a key searched for, or sent under a parameter a search reads, such as
 * {@code analyticsTags}). The {@link Authenticator} attaches one to each request it lets through.
 * The service documents {@code params} as the parameters applied, and no answer of its shows a key there; a key
 * echoed in an answer ends up wherever the caller logs its answers. Masked as an error's message is: the admin key
 * and the sent key anywhere, the application's keys as whole words, however escaped ({@link KeyScrub}); in
 * {@code params} the mark is URL-encoded, so that the string still reads as URL-encoded parameters.
 */
public final class EchoMask {

    private final KeyScrub text;
    private final KeyScrub urlEncoded;

    /**
     * @param adminKey the server's admin key
     * @param isKey whether a text is the value of one of the application's keys
     */
    public EchoMask(String adminKey, Predicate<String> isKey) {
        this.text = new KeyScrub(adminKey, isKey, KeyMask.HIDDEN);
        this.urlEncoded = new KeyScrub(adminKey, isKey, URLEncoder.encode(KeyMask.HIDDEN, StandardCharsets.UTF_8));
    }

    /**
     * {@return the answer, the keys its echoes of the request hold masked in place (nothing masked for a request that
     *     went through no authentication)}
     *
     * @param request the request it answers
     * @param answer a search, browse or answers answer (one entry of a multi-index search)
     */
    public static ObjectNode masked(Request request, ObjectNode answer) {
        EchoMask mask = request.get(EchoMask.class);
        if (mask != null) {
            mask.mask(answer, request);
        }
        return answer;
    }

    private void mask(ObjectNode answer, Request request) {
        String sentKey = KeyScrub.sentKey(request);
        replace(answer, "query", text, sentKey);
        replace(answer, "parsed_query", text, sentKey);
        replace(answer, "params", urlEncoded, sentKey);
    }

    private static void replace(ObjectNode answer, String member, KeyScrub scrub, String sentKey) {
        JsonNode value = answer.get(member);
        if (value != null && value.isString()) {
            String masked = scrub.text(value.asString(), sentKey, false);
            if (!masked.equals(value.asString())) {
                answer.put(member, masked);
            }
        }
    }
}
