package io.quarry.mockserver.engine.internal.index;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.BigIntegerNode;
import tools.jackson.databind.node.BooleanNode;
import tools.jackson.databind.node.DecimalNode;
import tools.jackson.databind.node.DoubleNode;
import tools.jackson.databind.node.FloatNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.LongNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.ShortNode;
import tools.jackson.databind.node.StringNode;

/**
 * A record kept as bytes instead of a tree of nodes (a third of the memory): a tag per value, counts and lengths
 * as varints, text one UTF-16 unit at a time in 1 to 3 bytes (lossless for any string). Every node type of a
 * parsed JSON document keeps its exact Java type (int, long, float, BigDecimal...), so decoding gives back an
 * equal tree.
 */
public final class CompactJson {

    private static final byte NULL = 0;
    private static final byte TRUE = 1;
    private static final byte FALSE = 2;
    private static final byte STRING = 3;
    private static final byte INT = 4;
    private static final byte LONG = 5;
    private static final byte DOUBLE = 6;
    private static final byte FLOAT = 7;
    private static final byte SHORT = 8;
    private static final byte BIG_INTEGER = 9;
    private static final byte DECIMAL = 10;
    private static final byte OBJECT = 11;
    private static final byte ARRAY = 12;

    private CompactJson() {}

    /**
     * {@return its bytes, or {@code null} when it holds a node type that JSON text cannot produce (kept as is)}
     *
     * @param record a record
     */
    public static byte[] encode(ObjectNode record) {
        Writer out = new Writer();
        return out.value(record) ? Arrays.copyOf(out.bytes, out.size) : null;
    }

    /**
     * {@return a new tree equal to the encoded one}
     *
     * @param bytes bytes from {@link #encode}
     */
    public static ObjectNode decode(byte[] bytes) {
        return (ObjectNode) new Reader(bytes).value();
    }

    /**
     * Reads the scalar values at one dotted path without building the tree.
     *
     * @param bytes bytes from {@link #encode}
     * @param path a dotted attribute path
     * @return the string, number and boolean values there in document order (array elements included)
     */
    public static List<Leaf> leavesAt(byte[] bytes, String path) {
        Scanner scanner = new Scanner(bytes, path);
        scanner.skipOrCollect();
        return scanner.found == null ? List.of() : scanner.found;
    }

    private static final class Writer {
        byte[] bytes = new byte[256];
        int size;

        boolean value(JsonNode node) {
            if (node.isObject()) {
                put(OBJECT);
                varint(node.size());
                for (Map.Entry<String, JsonNode> entry : node.properties()) {
                    text(entry.getKey());
                    if (!value(entry.getValue())) {
                        return false;
                    }
                }
                return true;
            }
            if (node.isArray()) {
                put(ARRAY);
                varint(node.size());
                for (JsonNode element : node) {
                    if (!value(element)) {
                        return false;
                    }
                }
                return true;
            }
            if (node instanceof StringNode) {
                put(STRING);
                text(node.asString());
            } else if (node instanceof BooleanNode) {
                put(node.asBoolean() ? TRUE : FALSE);
            } else if (node instanceof NullNode) {
                put(NULL);
            } else if (node instanceof IntNode) {
                put(INT);
                varint(zigzag(node.intValue()));
            } else if (node instanceof LongNode) {
                put(LONG);
                varint(zigzag(node.longValue()));
            } else if (node instanceof ShortNode) {
                put(SHORT);
                varint(zigzag(node.shortValue()));
            } else if (node instanceof DoubleNode) {
                put(DOUBLE);
                fixed(Double.doubleToRawLongBits(node.doubleValue()), 8);
            } else if (node instanceof FloatNode) {
                put(FLOAT);
                fixed(Float.floatToRawIntBits(node.floatValue()), 4);
            } else if (node instanceof BigIntegerNode) {
                put(BIG_INTEGER);
                raw(node.bigIntegerValue().toByteArray());
            } else if (node instanceof DecimalNode) {
                BigDecimal decimal = node.decimalValue();
                put(DECIMAL);
                varint(zigzag(decimal.scale()));
                raw(decimal.unscaledValue().toByteArray());
            } else {
                return false;
            }
            return true;
        }

        private static long zigzag(long value) {
            return (value << 1) ^ (value >> 63);
        }

        private void put(int b) {
            if (size == bytes.length) {
                bytes = Arrays.copyOf(bytes, size * 2);
            }
            bytes[size++] = (byte) b;
        }

        private void varint(long value) {
            long rest = value;
            while ((rest & ~0x7FL) != 0) {
                put((int) ((rest & 0x7F) | 0x80));
                rest >>>= 7;
            }
            put((int) rest);
        }

        private void fixed(long bits, int count) {
            for (int i = 0; i < count; i++) {
                put((int) (bits >>> (8 * i)));
            }
        }

        private void raw(byte[] data) {
            varint(data.length);
            for (byte b : data) {
                put(b);
            }
        }

        /** The length in UTF-16 units, then each unit in 1 (ASCII), 2 or 3 bytes. */
        private void text(String text) {
            int length = text.length();
            varint(length);
            for (int i = 0; i < length; i++) {
                char c = text.charAt(i);
                if (c < 0x80) {
                    put(c);
                } else if (c < 0x800) {
                    put(0xC0 | (c >> 6));
                    put(0x80 | (c & 0x3F));
                } else {
                    put(0xE0 | (c >> 12));
                    put(0x80 | ((c >> 6) & 0x3F));
                    put(0x80 | (c & 0x3F));
                }
            }
        }
    }

    /** Reads values; shared by the full decoder and the path scanner. */
    private static class Reader {
        final byte[] bytes;
        int at;

        Reader(byte[] bytes) {
            this.bytes = bytes;
        }

        JsonNode value() {
            byte tag = bytes[at++];
            switch (tag) {
                case OBJECT -> {
                    int count = (int) varint();
                    ObjectNode object = JsonNodeFactory.instance.objectNode();
                    for (int i = 0; i < count; i++) {
                        String name = text();
                        object.set(name, value());
                    }
                    return object;
                }
                case ARRAY -> {
                    int count = (int) varint();
                    ArrayNode array = JsonNodeFactory.instance.arrayNode(count);
                    for (int i = 0; i < count; i++) {
                        array.add(value());
                    }
                    return array;
                }
                default -> {
                    return scalar(tag);
                }
            }
        }

        JsonNode scalar(byte tag) {
            return switch (tag) {
                case NULL -> NullNode.getInstance();
                case TRUE -> BooleanNode.valueOf(true);
                case FALSE -> BooleanNode.valueOf(false);
                case STRING -> StringNode.valueOf(text());
                case INT -> IntNode.valueOf((int) unzigzag(varint()));
                case LONG -> LongNode.valueOf(unzigzag(varint()));
                case SHORT -> ShortNode.valueOf((short) unzigzag(varint()));
                case DOUBLE -> DoubleNode.valueOf(Double.longBitsToDouble(fixed(8)));
                case FLOAT -> FloatNode.valueOf(Float.intBitsToFloat((int) fixed(4)));
                case BIG_INTEGER -> BigIntegerNode.valueOf(new BigInteger(raw()));
                case DECIMAL -> {
                    int scale = (int) unzigzag(varint());
                    yield DecimalNode.valueOf(new BigDecimal(new BigInteger(raw()), scale));
                }
                default -> throw new IllegalStateException("corrupt record bytes: tag " + tag);
            };
        }

        /** Moves past one scalar without building it. */
        void skipScalar(byte tag) {
            switch (tag) {
                case NULL, TRUE, FALSE -> {
                    // Nothing follows the tag.
                }
                case STRING -> skipText();
                case INT, LONG, SHORT -> varint();
                case DOUBLE -> at += 8;
                case FLOAT -> at += 4;
                case BIG_INTEGER -> skipRaw();
                case DECIMAL -> {
                    varint();
                    skipRaw();
                }
                default -> throw new IllegalStateException("corrupt record bytes: tag " + tag);
            }
        }

        private void skipRaw() {
            // Not "at += varint()": the compound assignment would read "at" before varint() moves it.
            int length = (int) varint();
            at += length;
        }

        long varint() {
            long value = 0;
            int shift = 0;
            while (true) {
                byte b = bytes[at++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
                shift += 7;
            }
        }

        private static long unzigzag(long value) {
            return (value >>> 1) ^ -(value & 1);
        }

        private long fixed(int count) {
            long bits = 0;
            for (int i = 0; i < count; i++) {
                bits |= (long) (bytes[at++] & 0xFF) << (8 * i);
            }
            return bits;
        }

        private byte[] raw() {
            int length = (int) varint();
            byte[] data = Arrays.copyOfRange(bytes, at, at + length);
            at += length;
            return data;
        }

        String text() {
            int length = (int) varint();
            char[] chars = new char[length];
            for (int i = 0; i < length; i++) {
                int b = bytes[at++] & 0xFF;
                if (b < 0x80) {
                    chars[i] = (char) b;
                } else if (b < 0xE0) {
                    chars[i] = (char) (((b & 0x1F) << 6) | (bytes[at++] & 0x3F));
                } else {
                    chars[i] = (char) (((b & 0x0F) << 12) | ((bytes[at++] & 0x3F) << 6) | (bytes[at++] & 0x3F));
                }
            }
            return new String(chars);
        }

        void skipText() {
            int length = (int) varint();
            for (int i = 0; i < length; i++) {
                int b = bytes[at++] & 0xFF;
                at += b < 0x80 ? 0 : b < 0xE0 ? 1 : 2;
            }
        }
    }

    /** Walks the bytes keeping the dotted path of the current value, collecting the scalars at one path. */
    private static final class Scanner extends Reader {
        private final String target;
        private final StringBuilder path = new StringBuilder();
        List<Leaf> found;

        Scanner(byte[] bytes, String target) {
            super(bytes);
            this.target = target;
        }

        void skipOrCollect() {
            byte tag = bytes[at++];
            if (tag == OBJECT) {
                int count = (int) varint();
                int parentLength = path.length();
                for (int i = 0; i < count; i++) {
                    path.setLength(parentLength);
                    if (parentLength > 0) {
                        path.append('.');
                    }
                    appendText();
                    skipOrCollect();
                }
                path.setLength(parentLength);
            } else if (tag == ARRAY) {
                int count = (int) varint();
                for (int i = 0; i < count; i++) {
                    skipOrCollect();
                }
            } else if (tag != NULL && atTarget()) {
                if (found == null) {
                    found = new ArrayList<>(2);
                }
                found.add(new Leaf(target, scalar(tag)));
            } else {
                skipScalar(tag);
            }
        }

        private boolean atTarget() {
            int length = path.length();
            if (length != target.length()) {
                return false;
            }
            for (int i = length - 1; i >= 0; i--) {
                if (path.charAt(i) != target.charAt(i)) {
                    return false;
                }
            }
            return true;
        }

        private void appendText() {
            int length = (int) varint();
            for (int i = 0; i < length; i++) {
                int b = bytes[at++] & 0xFF;
                if (b < 0x80) {
                    path.append((char) b);
                } else if (b < 0xE0) {
                    path.append((char) (((b & 0x1F) << 6) | (bytes[at++] & 0x3F)));
                } else {
                    path.append((char) (((b & 0x0F) << 12) | ((bytes[at++] & 0x3F) << 6) | (bytes[at++] & 0x3F)));
                }
            }
        }
    }
}
