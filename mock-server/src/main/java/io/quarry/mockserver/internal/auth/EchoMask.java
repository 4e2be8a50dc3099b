package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import io.quarry.mockserver.internal.http.Request;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Masks the keys a search, browse or answers answer would echo back from its request: its {@code query},
 * {@code parsed_query} and {@code params} (a key searched for, or sent under a parameter a search reads, such as
 * {@code analyticsTags}). The {@link Authenticator} attaches one to each request it lets through.
 * The service documents {@code params} as the parameters applied, and no answer of its shows a key there; a key
 * echoed in an answer ends up wherever the caller logs its answers. Masked as an error's message is: the admin key
 * and the sent key anywhere, the application's keys as whole words, however escaped ({@link KeyScrub}); in
 * {@code params} the mark is URL-encoded, so that the string still reads as URL-encoded parameters.
 *
 * <p>A key is a secret whatever its case in an echo. {@code parsed_query} shows the query's words as the tokenizer
 * makes them, lower-cased and with whatever separates them as one space ({@code MyAdmin-Key01} reads
 * {@code myadmin key01}), so a key the query held stands there in a form no exact search finds. Each key the
 * {@code query} holds, found as above, is therefore masked in {@code parsed_query} in the tokenizer's form, wherever
 * that form stands there; a key the query held escaped ({@code %4D%79...}, <code>&#92;u004d...</code>) is masked
 * in the form the tokenizer gives its escapes too ({@code 4d 79 ...}), since {@code parsed_query} splits the query as
 * written. Whether a word is a key is decided on the query as sent, where its case is intact: a
 * word that merely equals a key once lower-cased ({@code password} searched for, the admin key being
 * {@code Password}) is no key, and a query holding no key has its {@code parsed_query} echoed as it is.
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

    /**
     * {@return the request's JSON as an error answer echoes it (the answers API's {@code received}), every text in
     *     it (a string, a member's name) with its keys masked as a message's are; changed in place, or a new string
     *     for a string; as it is for a request that went through no authentication}
     *
     * @param request the request the JSON came with
     * @param echoed its JSON, parsed for this answer alone (it is changed), or {@code null}
     */
    public static JsonNode maskedEcho(Request request, JsonNode echoed) {
        EchoMask mask = request.get(EchoMask.class);
        if (mask == null || echoed == null) {
            return echoed;
        }
        String sentKey = KeyScrub.sentKey(request);
        if (echoed.isString()) {
            return StringNode.valueOf(mask.text.text(echoed.asString(), sentKey, false));
        }
        // a loop, not recursion: a body may nest as deep as the parser lets it
        Deque<JsonNode> containers = new ArrayDeque<>();
        containers.push(echoed);
        while (!containers.isEmpty()) {
            JsonNode container = containers.pop();
            if (container instanceof ArrayNode array) {
                for (int i = 0; i < array.size(); i++) {
                    JsonNode item = array.get(i);
                    if (item.isString()) {
                        array.set(i, StringNode.valueOf(mask.text.text(item.asString(), sentKey, false)));
                    } else if (item.isContainer()) {
                        containers.push(item);
                    }
                }
            } else if (container instanceof ObjectNode object) {
                for (String name : new ArrayList<>(object.propertyNames())) {
                    JsonNode value = object.get(name);
                    if (value.isString()) {
                        value = StringNode.valueOf(mask.text.text(value.asString(), sentKey, false));
                    } else if (value.isContainer()) {
                        containers.push(value);
                    }
                    String maskedName = mask.text.text(name, sentKey, false);
                    if (!maskedName.equals(name)) {
                        object.remove(name);
                    }
                    object.set(maskedName, value);
                }
            }
        }
        return echoed;
    }

    private void mask(ObjectNode answer, Request request) {
        String sentKey = KeyScrub.sentKey(request);
        // the keys the query holds decide what parsed_query hides: found before the query is masked
        JsonNode query = answer.get("query");
        Set<String> queried = query != null && query.isString() ? text.keysIn(query.asString(), sentKey) : Set.of();
        replace(answer, "query", text, sentKey);
        replace(answer, "parsed_query", text, sentKey);
        maskTokenized(answer, queried);
        replace(answer, "params", urlEncoded, sentKey);
    }

    /** Masks in {@code parsed_query} each key, as read and as written, in the form the tokenizer gives it there. */
    private void maskTokenized(ObjectNode answer, Set<String> keys) {
        JsonNode parsed = answer.get("parsed_query");
        if (keys.isEmpty() || parsed == null || !parsed.isString()) {
            return;
        }
        List<String> tokenized = new ArrayList<>(keys.size());
        for (String key : keys) {
            tokenized.add(String.join(" ", Tokenizer.terms(key)));
        }
        String masked = text.occurrencesMasked(parsed.asString(), tokenized);
        if (!masked.equals(parsed.asString())) {
            answer.put("parsed_query", masked);
        }
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
