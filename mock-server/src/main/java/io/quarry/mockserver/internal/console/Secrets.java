package io.quarry.mockserver.internal.console;

import io.quarry.mockserver.internal.auth.KeyMask;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.PathCodec;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Masks keys in what the journal keeps: the key URL parameter, a key in the path of the key endpoints, the members
 * that hold keys in the bodies of the routes that carry them (key management, seeds and state, the crawler), and
 * anywhere else the admin key or the key the request was sent with.
 */
final class Secrets {

    /** Members holding a key's value in the bodies of the routes that carry keys. */
    private static final Set<String> KEY_MEMBERS = Set.of("key", "value", "apikey");

    private static final String KEY_PARAMETER = "x-service-api-key";
    private static final String KEY_HEADER = "X-Service-API-Key";

    private final String adminKey;

    /** @param adminKey the server's admin key */
    Secrets(String adminKey) {
        this.adminKey = adminKey;
    }

    /** {@return the key the request was sent with (header first, then URL parameter), or {@code null}} */
    static String sentKey(Request request) {
        String header = request.header(KEY_HEADER);
        if (header != null) {
            return header;
        }
        for (Map.Entry<String, String> parameter : request.query().entrySet()) {
            if (parameter.getKey().toLowerCase(Locale.ROOT).equals(KEY_PARAMETER)) {
                return parameter.getValue();
            }
        }
        return null;
    }

    /** {@return whether the route's bodies carry key values as members} */
    static boolean carriesKeys(Route route) {
        if (route == null) {
            return false;
        }
        return route.operation().managesApiKeys()
                || route.access() == Access.CRAWLER
                || route.template().equals("/_mock/seed")
                || route.template().equals("/_mock/state");
    }

    /**
     * {@return the path and query, the key parameter's value and a key path segment masked, cut}
     *
     * @param request the request
     * @param route its route, or {@code null}
     * @param maxChars the most characters kept
     */
    String path(Request request, Route route, int maxChars) {
        String path = request.rawPath();
        int keySegment = route == null ? -1 : route.segmentOf("key");
        if (keySegment >= 0) {
            List<String> segments = PathCodec.rawSegments(path);
            StringBuilder masked = new StringBuilder();
            for (int i = 0; i < segments.size(); i++) {
                masked.append('/').append(i == keySegment ? KeyMask.HIDDEN : segments.get(i));
            }
            path = masked.toString();
        }
        String query = request.rawQuery();
        if (query != null && !query.isEmpty()) {
            StringJoiner kept = new StringJoiner("&");
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String name = eq < 0 ? pair : pair.substring(0, eq);
                String decoded =
                        PathCodec.parseQuery(name).keySet().stream().findFirst().orElse("");
                kept.add(decoded.toLowerCase(Locale.ROOT).equals(KEY_PARAMETER) ? name + "=" + KeyMask.HIDDEN : pair);
            }
            path = path + "?" + kept;
        }
        return cut(path, maxChars);
    }

    /**
     * {@return the start of a body as text, secrets masked}
     *
     * @param body the whole body
     * @param carriesKeys whether its route's bodies carry keys as members
     * @param sentKey the key the request was sent with, or {@code null}
     * @param maxChars the most characters kept
     */
    String body(byte[] body, boolean carriesKeys, String sentKey, int maxChars) {
        if (body.length == 0) {
            return "";
        }
        String text;
        if (carriesKeys) {
            JsonNode tree;
            try {
                tree = Json.parse(body);
            } catch (JacksonException notJson) {
                return "[not shown: not JSON, and this endpoint's bodies may hold keys]";
            }
            text = Json.prefix(maskMembers(tree), maxChars);
        } else {
            text = prefix(body, maxChars);
        }
        return mask(text, sentKey);
    }

    /** {@return the text with the admin key and the sent key masked wherever they appear} */
    String mask(String text, String sentKey) {
        String masked = text.replace(adminKey, KeyMask.HIDDEN);
        if (sentKey != null && sentKey.length() >= 4) {
            masked = masked.replace(sentKey, KeyMask.HIDDEN);
        }
        return masked;
    }

    private static JsonNode maskMembers(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> member : object.properties()) {
                if (KEY_MEMBERS.contains(member.getKey().toLowerCase(Locale.ROOT))
                        && member.getValue().isString()) {
                    member.setValue(
                            StringNode.valueOf(KeyMask.of(member.getValue().asString())));
                } else {
                    maskMembers(member.getValue());
                }
            }
        } else if (node.isArray()) {
            node.forEach(Secrets::maskMembers);
        }
        return node;
    }

    /**
     * {@return the start of UTF-8 bytes as text: at most {@code maxChars} bytes decoded (a character cut at the end
     *     shows as a replacement character), so a large body costs no more than a small one}
     */
    private static String prefix(byte[] body, int maxChars) {
        return new String(body, 0, Math.min(body.length, maxChars), StandardCharsets.UTF_8);
    }

    private static String cut(String text, int maxChars) {
        return text.length() <= maxChars ? text : text.substring(0, maxChars);
    }
}
