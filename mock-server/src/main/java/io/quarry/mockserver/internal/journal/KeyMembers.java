package io.quarry.mockserver.internal.journal;

import io.quarry.mockserver.internal.auth.KeyMask;
import io.quarry.mockserver.internal.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Masks the members that hold keys in the bodies of the routes that carry them (key management, seeds and state, the
 * crawler) before the journal keeps their start: such a body is read whole, as JSON, when it is answered.
 */
final class KeyMembers {

    /** Members holding a key's value. */
    private static final Set<String> KEY_MEMBERS = Set.of("key", "value", "apikey");

    private static final byte[] NOT_JSON =
            "[not shown: not JSON, and this endpoint's bodies may hold keys]".getBytes(StandardCharsets.UTF_8);

    private KeyMembers() {}

    /**
     * {@return the start of the body as JSON text, its key members masked, in UTF-8; or a note when it is not JSON}
     *
     * @param body the whole body, not empty
     * @param maxChars the most characters kept
     */
    static byte[] maskedStart(byte[] body, int maxChars) {
        JsonNode tree;
        try {
            tree = Json.parse(body);
        } catch (JacksonException notJson) {
            return NOT_JSON;
        }
        // a character more tells whether it was cut: then it ends before the word the cut falls in, as other bodies
        String start = Json.prefix(mask(tree), maxChars + 1);
        return start.substring(0, WordCut.end(start, maxChars, WordCut.LONGEST_BODY_WORD))
                .getBytes(StandardCharsets.UTF_8);
    }

    private static JsonNode mask(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> member : object.properties()) {
                if (KEY_MEMBERS.contains(member.getKey().toLowerCase(Locale.ROOT))
                        && member.getValue().isString()) {
                    member.setValue(
                            StringNode.valueOf(KeyMask.of(member.getValue().asString())));
                } else {
                    mask(member.getValue());
                }
            }
        } else if (node.isArray()) {
            node.forEach(KeyMembers::mask);
        }
        return node;
    }
}
