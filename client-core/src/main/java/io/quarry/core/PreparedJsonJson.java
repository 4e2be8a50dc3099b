package io.quarry.core;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.SerializableString;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * The JSON form of a {@link PreparedJson}, declared on the class: its bytes written as a raw value, copied into the
 * generator's buffer (or written through when larger). Also reads one top-level member back, for reports.
 */
final class PreparedJsonJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private PreparedJsonJson() {}

    /** Writes the bytes as they are, as one value. */
    static final class Writer extends ValueSerializer<PreparedJson> {
        @Override
        public void serialize(PreparedJson value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeRawValue(new Utf8(value.bytes()));
        }
    }

    /** A top-level string (or number) member of a JSON object, as text; null when absent or not an object. */
    static String topLevelString(byte[] json, String name) {
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.PROPERTY_NAME) {
                boolean wanted = name.equals(parser.currentName());
                JsonToken value = parser.nextToken();
                if (wanted) {
                    return value.isScalarValue() && value != JsonToken.VALUE_NULL ? parser.getString() : null;
                }
                parser.skipChildren();
            }
            return null;
        } catch (JacksonException e) {
            return null;
        }
    }

    /**
     * UTF-8 bytes already encoded as JSON, for {@link JsonGenerator#writeRawValue(SerializableString)}: a byte
     * generator copies them with {@link #appendUnquotedUTF8}, or writes {@link #asUnquotedUTF8} through when they
     * do not fit its buffer; other generators take the text.
     */
    private record Utf8(byte[] bytes) implements SerializableString {

        @Override
        public String getValue() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public int charLength() {
            return getValue().length();
        }

        @Override
        public char[] asQuotedChars() {
            throw new UnsupportedOperationException("raw JSON is never quoted");
        }

        @Override
        public byte[] asUnquotedUTF8() {
            return bytes;
        }

        @Override
        public byte[] asQuotedUTF8() {
            throw new UnsupportedOperationException("raw JSON is never quoted");
        }

        @Override
        public int appendQuotedUTF8(byte[] buffer, int offset) {
            throw new UnsupportedOperationException("raw JSON is never quoted");
        }

        @Override
        public int appendQuoted(char[] buffer, int offset) {
            throw new UnsupportedOperationException("raw JSON is never quoted");
        }

        @Override
        public int appendUnquotedUTF8(byte[] buffer, int offset) {
            if (offset + bytes.length > buffer.length) {
                return -1;
            }
            System.arraycopy(bytes, 0, buffer, offset, bytes.length);
            return bytes.length;
        }

        @Override
        public int appendUnquoted(char[] buffer, int offset) {
            String text = getValue();
            if (offset + text.length() > buffer.length) {
                return -1;
            }
            text.getChars(0, text.length(), buffer, offset);
            return text.length();
        }

        @Override
        public int writeQuotedUTF8(OutputStream out) {
            throw new UnsupportedOperationException("raw JSON is never quoted");
        }

        @Override
        public int writeUnquotedUTF8(OutputStream out) throws IOException {
            out.write(bytes);
            return bytes.length;
        }

        @Override
        public int putQuotedUTF8(ByteBuffer buffer) {
            throw new UnsupportedOperationException("raw JSON is never quoted");
        }

        @Override
        public int putUnquotedUTF8(ByteBuffer buffer) {
            if (bytes.length > buffer.remaining()) {
                return -1;
            }
            buffer.put(bytes);
            return bytes.length;
        }
    }
}
