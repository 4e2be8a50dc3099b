package io.quarry.core.internal;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;

/**
 * Where the generated members of all the hits of one response are kept, as compact UTF-8 JSON in a few
 * fixed-size chunks shared by the hits: far less memory than decoded values or tokens, and nothing to decode
 * unless a hit's accessors ask for them. Tokens are copied straight from the parser's buffers (numbers keep
 * their exact text), with no intermediate string. One per response, found through the deserialization's
 * attributes. Written while the response is decoded, by one thread; only read afterwards.
 */
final class GeneratedMembersSink {

    private static final Object KEY = GeneratedMembersSink.class;
    private static final int CHUNK = 4096;

    private final List<byte[]> chunks = new ArrayList<>();
    private byte[] current;
    private int used = CHUNK;
    private int size;

    /** The bytes of one hit's generated members: a JSON object. */
    record Slice(GeneratedMembersSink sink, int start, int end) {
        /** @return a copy of the object's bytes */
        byte[] bytes() {
            return sink.copy(start, end);
        }
    }

    /**
     * The sink of the response being decoded, created on first use.
     *
     * @param ctxt the deserialization of the response
     * @return the sink
     */
    static GeneratedMembersSink of(DeserializationContext ctxt) {
        Object sink = ctxt.getAttribute(KEY);
        if (sink == null) {
            sink = new GeneratedMembersSink();
            ctxt.setAttribute(KEY, sink);
        }
        return (GeneratedMembersSink) sink;
    }

    /** @return the number of bytes written so far */
    int size() {
        return size;
    }

    /**
     * Appends one member, {@code "name":value}, the parser being on the value's first token; leaves the parser on
     * its last token.
     *
     * @param name   the member name
     * @param parser the parser
     * @param first  whether it is the first member of its object (no comma before it)
     */
    void member(String name, JsonParser parser, boolean first) {
        if (!first) {
            write(',');
        }
        writeString(name);
        write(':');
        value(parser);
    }

    /** Appends the opening brace of a hit's object. */
    void startObject() {
        write('{');
    }

    /** Appends the closing brace of a hit's object. */
    void endObject() {
        write('}');
    }

    private void value(JsonParser p) {
        JsonToken token = p.currentToken();
        switch (token) {
            case START_OBJECT -> {
                write('{');
                boolean first = true;
                while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    member(name, p, first);
                    first = false;
                }
                write('}');
            }
            case START_ARRAY -> {
                write('[');
                boolean first = true;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    if (!first) {
                        write(',');
                    }
                    value(p);
                    first = false;
                }
                write(']');
            }
            case VALUE_STRING -> writeString(p.getStringCharacters(), p.getStringOffset(), p.getStringLength());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                // the number's own text, exactly as received (digits, sign, point, exponent: all ASCII)
                char[] text = p.getStringCharacters();
                if (text != null) {
                    writeAscii(text, p.getStringOffset(), p.getStringLength());
                } else {
                    writeAscii(p.getNumberValue().toString());
                }
            }
            case VALUE_TRUE -> writeAscii("true");
            case VALUE_FALSE -> writeAscii("false");
            case VALUE_NULL -> writeAscii("null");
            default -> writeString(p.getString());
        }
    }

    private void writeString(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!plain(text.charAt(i))) {
                // rare in member names: take the general path
                writeString(text.toCharArray(), 0, text.length());
                return;
            }
        }
        write('"');
        writeAscii(text);
        write('"');
    }

    private void writeString(char[] text, int offset, int length) {
        write('"');
        int end = offset + length;
        int i = offset;
        while (i < end) {
            if (plain(text[i])) {
                // copy the run of plain ASCII straight into the chunk
                if (used == CHUNK) {
                    nextChunk();
                }
                byte[] chunk = current;
                int at = used;
                int stop = Math.min(end, i + CHUNK - at);
                while (i < stop && plain(text[i])) {
                    chunk[at++] = (byte) text[i++];
                }
                size += at - used;
                used = at;
            } else {
                i = writeSpecial(text, i, end);
            }
        }
        write('"');
    }

    private static boolean plain(char c) {
        return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
    }

    /** Writes the character at {@code i}, escaped or UTF-8 encoded; returns the index after it. */
    private int writeSpecial(char[] text, int i, int end) {
        char c = text[i];
        if (c == '"' || c == '\\') {
            write('\\');
            write(c);
        } else if (c < 0x20) {
            writeAscii(String.format("\\u%04x", (int) c));
        } else if (c < 0x800) {
            write(0xC0 | (c >> 6));
            write(0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text[i + 1])) {
            int cp = Character.toCodePoint(c, text[i + 1]);
            write(0xF0 | (cp >> 18));
            write(0x80 | ((cp >> 12) & 0x3F));
            write(0x80 | ((cp >> 6) & 0x3F));
            write(0x80 | (cp & 0x3F));
            return i + 2;
        } else if (Character.isSurrogate(c)) {
            // a lone surrogate has no UTF-8 form: keep it as an escape
            writeAscii(String.format("\\u%04x", (int) c));
        } else {
            write(0xE0 | (c >> 12));
            write(0x80 | ((c >> 6) & 0x3F));
            write(0x80 | (c & 0x3F));
        }
        return i + 1;
    }

    /** Appends characters known to be ASCII, a chunk's worth at a time. */
    private void writeAscii(String text) {
        int i = 0;
        int length = text.length();
        while (i < length) {
            if (used == CHUNK) {
                nextChunk();
            }
            byte[] chunk = current;
            int at = used;
            int stop = Math.min(length, i + CHUNK - at);
            while (i < stop) {
                chunk[at++] = (byte) text.charAt(i++);
            }
            size += at - used;
            used = at;
        }
    }

    /** Appends ASCII characters of a buffer, a chunk's worth at a time. */
    private void writeAscii(char[] text, int offset, int length) {
        int i = offset;
        int end = offset + length;
        while (i < end) {
            if (used == CHUNK) {
                nextChunk();
            }
            byte[] chunk = current;
            int at = used;
            int stop = Math.min(end, i + CHUNK - at);
            while (i < stop) {
                chunk[at++] = (byte) text[i++];
            }
            size += at - used;
            used = at;
        }
    }

    private void write(int b) {
        if (used == CHUNK) {
            nextChunk();
        }
        current[used++] = (byte) b;
        size++;
    }

    private void nextChunk() {
        current = new byte[CHUNK];
        chunks.add(current);
        used = 0;
    }

    private byte[] copy(int start, int end) {
        byte[] out = new byte[end - start];
        int at = start;
        while (at < end) {
            int n = Math.min(end - at, CHUNK - at % CHUNK);
            System.arraycopy(chunks.get(at / CHUNK), at % CHUNK, out, at - start, n);
            at += n;
        }
        return out;
    }
}
