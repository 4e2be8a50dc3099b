package io.quarry.core.internal.base;

import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsontype.TypeSerializer;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.NumericFPNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Finds a NaN or an infinity in a {@link JsonNode} tree before the tree is written. A tree writes its own nodes,
 * numbers included, without asking the mapper for serializers, so the only place to refuse one of its numbers
 * before any of it is written is ahead of the tree: one walk, a type test per node, no allocation but an iterator
 * per object node. A {@code POJONode}'s value goes through the mapper's serializers, which check it themselves.
 */
final class FiniteTrees {

    private FiniteTrees() {}

    /** Writes a tree, as Jackson does, once it holds no NaN or infinity. */
    static final class Writer extends StdSerializer<JsonNode> {
        Writer() {
            super(JsonNode.class);
        }

        @Override
        public boolean isEmpty(SerializationContext ctxt, JsonNode value) {
            return value.isEmpty(ctxt);
        }

        @Override
        public void serialize(JsonNode value, JsonGenerator gen, SerializationContext ctxt) {
            check(value, gen, gen.streamWriteConstraints().getMaxNestingDepth());
            value.serialize(gen, ctxt);
        }

        @Override
        public void serializeWithType(
                JsonNode value, JsonGenerator gen, SerializationContext ctxt, TypeSerializer typeSer) {
            check(value, gen, gen.streamWriteConstraints().getMaxNestingDepth());
            value.serializeWithType(gen, ctxt, typeSer);
        }
    }

    /**
     * Throws, with the path inside the tree, at the first number JSON cannot hold.
     *
     * @param node   the tree
     * @param gen    the generator that is to write it
     * @param levels how much deeper to look: past the generator's nesting limit it refuses the tree itself
     */
    static void check(JsonNode node, JsonGenerator gen, int levels) {
        if (node instanceof NumericFPNode number) {
            if (number.isNaN()) { // Jackson's name for "not finite"
                throw FiniteNumbers.refused(gen, number.doubleValue());
            }
        } else if (levels > 0 && node instanceof ArrayNode array) {
            for (int i = 0, n = array.size(); i < n; i++) {
                try {
                    check(array.get(i), gen, levels - 1);
                } catch (JacksonException e) {
                    e.prependPath(array, i);
                    throw e;
                }
            }
        } else if (levels > 0 && node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> member : object.properties()) {
                try {
                    check(member.getValue(), gen, levels - 1);
                } catch (JacksonException e) {
                    e.prependPath(object, member.getKey());
                    throw e;
                }
            }
        }
    }
}
