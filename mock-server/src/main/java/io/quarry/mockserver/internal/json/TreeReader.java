package io.quarry.mockserver.internal.json;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads one JSON document into a tree with jackson-core's streaming parser alone, giving the tree a default
 * {@code JsonMapper}'s {@code readTree} gives (checked by {@code JsonTreesTest}): empty input is a missing node,
 * anything after the value fails, a repeated property keeps its first place and its last value, integers are int,
 * long or big-integer nodes by size and other numbers doubles. One difference: a number beyond a double's range
 * ({@code 1e400}) is refused, as the service refuses it, where a mapper makes it an infinite double that is then
 * written as the string {@code "Infinity"}. Building a mapper costs hundreds of classes (its
 * serializer and deserializer factories, java.time support, date formats), which the mock server would otherwise pay
 * on its first request.
 */
final class TreeReader {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TreeReader() {}

    /**
     * {@return the document's tree}
     *
     * @param parser a parser before its first token; closed here
     * @throws JacksonException when the text is not one JSON value
     */
    static JsonNode read(JsonParser parser) {
        try (parser) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return MissingNode.getInstance();
            }
            JsonNode root = value(parser, first);
            JsonToken trailing = parser.nextToken();
            if (trailing != null) {
                throw new StreamReadException(
                        parser, "Trailing token (`JsonToken." + trailing.name() + "`) found after value");
            }
            return root;
        }
    }

    private static JsonNode value(JsonParser parser, JsonToken token) {
        switch (token) {
            case START_OBJECT:
                return object(parser);
            case START_ARRAY:
                return array(parser);
            case VALUE_STRING:
                return NODES.stringNode(parser.getString());
            case VALUE_NUMBER_INT:
                return integer(parser);
            case VALUE_NUMBER_FLOAT:
                return decimal(parser);
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new StreamReadException(parser, "Unexpected token `JsonToken." + token.name() + "`");
        }
    }

    private static ObjectNode object(JsonParser parser) {
        ObjectNode object = NODES.objectNode();
        for (String name = parser.nextName(); name != null; name = parser.nextName()) {
            // a repeated name keeps its first position and takes the last value, as a mapper's tree does
            object.set(name, value(parser, parser.nextToken()));
        }
        return object;
    }

    private static ArrayNode array(JsonParser parser) {
        ArrayNode array = NODES.arrayNode();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            array.add(value(parser, token));
        }
        return array;
    }

    /** A number with a fraction or an exponent, kept as a double; one beyond a double's range has no value to keep. */
    private static JsonNode decimal(JsonParser parser) {
        double value = parser.getDoubleValue();
        if (Double.isInfinite(value)) {
            throw new StreamReadException(parser, "Number out of the range of a double");
        }
        return NODES.numberNode(value);
    }

    private static JsonNode integer(JsonParser parser) {
        switch (parser.getNumberType()) {
            case INT:
                return NODES.numberNode(parser.getIntValue());
            case LONG:
                return NODES.numberNode(parser.getLongValue());
            default:
                return NODES.numberNode(parser.getBigIntegerValue());
        }
    }
}
