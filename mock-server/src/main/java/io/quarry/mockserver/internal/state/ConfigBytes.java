package io.quarry.mockserver.internal.state;

import java.util.Collection;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * An estimate of the heap an index's settings, synonyms and rules hold: each is kept once as a JSON tree, shared by
 * the configurations searches read ({@link IndexState#config()}), and counted twice, for the structures that order
 * and find them and what a read or a search derives from them. Counted in the record budget beside the records, so
 * that saving them in a loop is refused as records are, before the heap runs out.
 */
final class ConfigBytes {

    /** A node's object, and its slot in its parent (a map entry or an array slot). */
    private static final int NODE_BYTES = 48;

    /** A string's object and array, besides its characters. */
    private static final int STRING_BYTES = 40;

    private ConfigBytes() {}

    /** {@return the estimated heap of the tree, kept and published} */
    static long of(JsonNode tree) {
        return 2 * tree(tree);
    }

    /** {@return the estimated heap of an empty object's tree, kept and published} */
    static long ofEmptyObject() {
        return 2L * NODE_BYTES;
    }

    /**
     * {@return the estimated heap one member of an object adds to it, kept and published}
     *
     * @param name the member's name
     * @param value its value
     */
    static long ofMember(String name, JsonNode value) {
        return 2 * (STRING_BYTES + 2L * name.length() + tree(value));
    }

    /** {@return the estimated heap of the trees, kept and published} */
    static long ofAll(Collection<? extends JsonNode> trees) {
        long bytes = 0;
        for (JsonNode tree : trees) {
            bytes += of(tree);
        }
        return bytes;
    }

    // Depth is bounded by what a body may nest (its JSON is read within that bound).
    private static long tree(JsonNode node) {
        long bytes = NODE_BYTES;
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> member : node.properties()) {
                bytes += STRING_BYTES + 2L * member.getKey().length() + tree(member.getValue());
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                bytes += tree(item);
            }
        } else if (node.isString()) {
            bytes += STRING_BYTES + 2L * node.stringValue().length();
        }
        return bytes;
    }
}
