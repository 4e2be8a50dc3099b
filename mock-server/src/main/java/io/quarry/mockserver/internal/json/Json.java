package io.quarry.mockserver.internal.json;

import java.io.IOException;
import java.io.Writer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The one JSON mapper of the mock server, and small tree helpers. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Json() {}

    /** {@return a new empty object node} */
    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** {@return a new empty array node} */
    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    /**
     * Parses JSON text.
     *
     * @param bytes UTF-8 JSON
     * @return the tree
     * @throws JacksonException when the text is not JSON
     */
    public static JsonNode parse(byte[] bytes) {
        return MAPPER.readTree(bytes);
    }

    /**
     * Parses JSON text.
     *
     * @param text JSON
     * @return the tree
     * @throws JacksonException when the text is not JSON
     */
    public static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    /**
     * {@return its compact UTF-8 JSON}
     *
     * @param node a tree
     */
    public static byte[] bytes(JsonNode node) {
        return MAPPER.writeValueAsBytes(node);
    }

    /**
     * The start of a tree's compact JSON, without writing all of a large tree.
     *
     * @param node a tree
     * @param maxChars the most characters wanted
     * @return its first {@code maxChars} characters of JSON
     */
    public static String prefix(JsonNode node, int maxChars) {
        StringBuilder out = new StringBuilder();
        Writer bounded = new Writer() {
            @Override
            public void write(char[] chars, int offset, int length) throws IOException {
                int room = maxChars - out.length();
                out.append(chars, offset, Math.min(room, length));
                if (length > room) {
                    // stops the serialisation: the rest is not wanted
                    throw new IOException("prefix complete");
                }
            }

            @Override
            public void flush() {
                // nothing buffered here
            }

            @Override
            public void close() {
                // nothing to release
            }
        };
        try {
            MAPPER.writeValue(bounded, node);
        } catch (JacksonException e) {
            if (out.length() < maxChars) {
                throw e;
            }
        }
        return out.toString();
    }

    /**
     * {@return its indented JSON text}
     *
     * @param node a tree
     */
    public static String pretty(JsonNode node) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
    }
}
