package io.quarry.mockserver.internal.json;

import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.BigIntegerNode;
import tools.jackson.databind.node.DecimalNode;
import tools.jackson.databind.node.DoubleNode;
import tools.jackson.databind.node.FloatNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.LongNode;
import tools.jackson.databind.node.ShortNode;

/**
 * Writes a tree with jackson-core's streaming generator alone, as a default {@code JsonMapper} writes it (checked by
 * {@code JsonTreesTest}): every property in order, nulls and empty containers included, each number as its node
 * holds it. It writes the node types JSON text reads into and the mock server builds (objects, arrays, strings,
 * numbers, booleans, nulls); for any other (binary, POJO, missing, a number type of another library) it stops and
 * says so, and the caller writes that tree with a mapper instead.
 */
final class TreeWriter {

    private TreeWriter() {}

    /**
     * Writes a tree.
     *
     * @param generator where to
     * @param node the tree
     * @return false, having stopped partway, when the tree holds a node this writer leaves to a mapper
     */
    static boolean write(JsonGenerator generator, JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT:
                generator.writeStartObject(node, node.size());
                for (Map.Entry<String, JsonNode> property : node.properties()) {
                    generator.writeName(property.getKey());
                    if (!write(generator, property.getValue())) {
                        return false;
                    }
                }
                generator.writeEndObject();
                return true;
            case ARRAY:
                generator.writeStartArray(node, node.size());
                for (JsonNode element : node.values()) {
                    if (!write(generator, element)) {
                        return false;
                    }
                }
                generator.writeEndArray();
                return true;
            case STRING:
                generator.writeString(node.stringValue());
                return true;
            case NUMBER:
                return number(generator, node);
            case BOOLEAN:
                generator.writeBoolean(node.booleanValue());
                return true;
            case NULL:
                generator.writeNull();
                return true;
            default:
                return false;
        }
    }

    private static boolean number(JsonGenerator generator, JsonNode node) {
        if (node instanceof IntNode) {
            generator.writeNumber(node.intValue());
        } else if (node instanceof LongNode) {
            generator.writeNumber(node.longValue());
        } else if (node instanceof DoubleNode) {
            generator.writeNumber(node.doubleValue());
        } else if (node instanceof BigIntegerNode) {
            generator.writeNumber(node.bigIntegerValue());
        } else if (node instanceof DecimalNode) {
            generator.writeNumber(node.decimalValue());
        } else if (node instanceof FloatNode) {
            generator.writeNumber(node.floatValue());
        } else if (node instanceof ShortNode) {
            generator.writeNumber(node.shortValue());
        } else {
            return false;
        }
        return true;
    }
}
