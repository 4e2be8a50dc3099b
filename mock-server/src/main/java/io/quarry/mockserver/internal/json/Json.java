package io.quarry.mockserver.internal.json;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.Writer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.ByteArrayBuilder;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The mock server's JSON text: trees read and written as a default {@code JsonMapper} reads and writes them, with
 * jackson-core's streaming parser and generator ({@link TreeReader}, {@link TreeWriter}) rather than a mapper, whose
 * set-up would cost a fresh JVM hundreds of classes before its first answer; and small tree helpers.
 */
public final class Json {

    /**
     * A default mapper's parser and generator features and limits, but for one: an answer may nest twice as deep as
     * a body read (500 levels). An answer wraps what a body held (a rule's {@code userData} in a search's, a custom
     * setting in the settings), and with the default an index holding a value nested near the read limit could no
     * longer be searched or read: every such answer failed.
     */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamWriteConstraints(StreamWriteConstraints.builder()
                    .maxNestingDepth(2 * StreamReadConstraints.DEFAULT_MAX_DEPTH)
                    .build())
            .build();

    /** What a pretty-printing generator asks its context for: a default mapper's default pretty printer. */
    private static final ObjectWriteContext PRETTY = new ObjectWriteContext.Base() {
        @Override
        public PrettyPrinter getPrettyPrinter() {
            return new DefaultPrettyPrinter();
        }
    };

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
        return TreeReader.read(FACTORY.createParser(ObjectReadContext.empty(), bytes));
    }

    /**
     * Parses JSON text.
     *
     * @param text JSON
     * @return the tree
     * @throws JacksonException when the text is not JSON
     */
    public static JsonNode parse(String text) {
        return TreeReader.read(FACTORY.createParser(ObjectReadContext.empty(), text));
    }

    /**
     * {@return its compact UTF-8 JSON}
     *
     * @param node a tree
     */
    public static byte[] bytes(JsonNode node) {
        ByteArrayBuilder out = new ByteArrayBuilder();
        try {
            if (!written(FACTORY.createGenerator(ObjectWriteContext.empty(), out), node)) {
                return FallbackMapper.MAPPER.writeValueAsBytes(node);
            }
            return out.toByteArray();
        } finally {
            out.release();
        }
    }

    /**
     * The size of a tree's compact UTF-8 JSON, counted without holding it and without writing past a limit.
     *
     * @param node a tree
     * @param max the most bytes worth counting
     * @return its size in bytes, or a number above {@code max} once the count passes it
     */
    public static long size(JsonNode node, long max) {
        long[] count = {0};
        OutputStream counter = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                counted(1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                counted(length);
            }

            private void counted(int length) throws IOException {
                count[0] += length;
                if (count[0] > max) {
                    // stops the serialisation: the rest need not be counted
                    throw new IOException("past the limit");
                }
            }
        };
        try {
            if (!written(FACTORY.createGenerator(ObjectWriteContext.empty(), counter), node)) {
                count[0] = 0;
                FallbackMapper.MAPPER.writeValue(counter, node);
            }
        } catch (JacksonException e) {
            if (count[0] <= max) {
                throw e;
            }
        }
        return count[0];
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
            if (!written(FACTORY.createGenerator(ObjectWriteContext.empty(), bounded), node)) {
                out.setLength(0);
                FallbackMapper.MAPPER.writeValue(bounded, node);
            }
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
        StringWriter out = new StringWriter();
        if (!written(FACTORY.createGenerator(PRETTY, out), node)) {
            return FallbackMapper.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        }
        return out.toString();
    }

    /** Writes a tree and closes the generator; false when the tree is left to a mapper (see {@link TreeWriter}). */
    private static boolean written(JsonGenerator generator, JsonNode node) {
        try (generator) {
            return TreeWriter.write(generator, node);
        }
    }
}
