package io.quarry.mockserver.internal.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link Json} reads and writes trees exactly as a default {@code JsonMapper} does, without building one: the same
 * node types, the same failures, the same bytes, indented text and prefixes.
 */
class JsonTreesTest {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private static final List<String> TEXTS = List.of(
            "",
            "  \n\t ",
            "null",
            "true",
            "false",
            "0",
            "-1",
            "2147483647",
            "2147483648",
            "-2147483649",
            "9223372036854775807",
            "9223372036854775808",
            "123456789012345678901234567890",
            "0.1",
            "-0.0",
            "1.0",
            "1E2",
            "1e-7",
            "1.5e-400",
            "3.141592653589793238462643383279",
            "\"\"",
            "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u0000\\u00e9\\ud83d\\ude00\"",
            "\"é ☃ 😀 \u2028\"",
            "{}",
            "[]",
            "{\"a\":1,\"a\":2,\"b\":3}",
            "{\"a\":{\"x\":1},\"a\":[1]}",
            "{\"a\" : [ 1 , { \"b\" : null } , \"c\" ] }",
            "[[[[[]]]]]",
            "1 2",
            "{} x",
            "{}{}",
            "[1] ]",
            "{\"a\":1,}",
            "[1,]",
            "{'a':1}",
            "{a:1}",
            "NaN",
            "01",
            "1.",
            "-",
            "\"unterminated",
            "[1, 2",
            "{\"a\"",
            "{\"a\":}",
            "tru",
            "/* comment */ 1",
            "\"\\x\"",
            "\"\u0001\"");

    @Test
    void readsEveryTextAsTheMapperReadsIt() {
        for (String text : TEXTS) {
            assertReadsAlike(text);
        }
    }

    @Test
    void refusesANumberBeyondADoublesRangeWhichAMapperWouldWriteBackAsAString() {
        for (String text : new String[] {"1e400", "-1e400", "{\"price\":[1, 2.5e999]}"}) {
            assertThatThrownBy(() -> Json.parse(text))
                    .as(text)
                    .isInstanceOf(JacksonException.class)
                    .hasMessageContaining("out of the range of a double");
        }
        assertThat(MAPPER.writeValueAsString(MAPPER.readTree("[1e400]"))).isEqualTo("[\"Infinity\"]");
    }

    @Test
    void readsNestingAsDeepAsTheMapperAllows() {
        for (int depth : new int[] {499, 500, 501, 2000}) {
            assertReadsAlike("[".repeat(depth) + "]".repeat(depth));
            assertReadsAlike("{\"a\":".repeat(depth) + "1" + "}".repeat(depth));
        }
    }

    @Test
    void readsRandomDocumentsAndTheirCorruptionsAsTheMapperDoes() {
        Random random = new Random(20261127);
        for (int i = 0; i < 400; i++) {
            String text = randomValue(random, 0);
            assertReadsAlike(text);
            StringBuilder broken = new StringBuilder(text);
            int at = random.nextInt(broken.length() + 1);
            if (random.nextBoolean() && at < broken.length()) {
                broken.deleteCharAt(at);
            } else {
                String noise = "{}[],:\"\\ 1ex";
                broken.insert(at, noise.charAt(random.nextInt(noise.length())));
            }
            assertReadsAlike(broken.toString());
        }
    }

    @Test
    void writesParsedTreesAsTheMapperWritesThem() {
        Random random = new Random(7);
        List<JsonNode> trees = new ArrayList<>();
        for (String text : TEXTS) {
            try {
                trees.add(MAPPER.readTree(text));
            } catch (JacksonException e) {
                // not a document
            }
        }
        for (int i = 0; i < 200; i++) {
            trees.add(MAPPER.readTree(randomValue(random, 0)));
        }
        for (JsonNode tree : trees) {
            assertWritesAlike(tree);
        }
    }

    @Test
    void writesEveryNodeTypeAsTheMapperWritesIt() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode tree = nodes.objectNode();
        tree.put("decimal", new BigDecimal("1E+3"));
        tree.put("decimalZeros", new BigDecimal("100.500"));
        tree.put("float", 1.5f);
        tree.put("floatNaN", Float.NaN);
        tree.put("short", (short) 7);
        tree.put("nan", Double.NaN);
        tree.put("infinity", Double.NEGATIVE_INFINITY);
        tree.put("big", new BigInteger("-123456789012345678901234567890"));
        tree.put("long", Long.MIN_VALUE);
        tree.putNull("null");
        tree.set("emptyArray", nodes.arrayNode());
        tree.set("emptyObject", nodes.objectNode());
        tree.putArray("mixed").add(1).add("x").addNull().add(true).add(0.25);
        tree.put("text", "</script> \u2028 é 😀 \"quoted\"");
        assertWritesAlike(tree);

        // left to the mapper: binary, POJO and missing nodes
        ObjectNode binary = tree.deepCopy();
        binary.put("binary", new byte[] {1, 2, 3, (byte) 250});
        assertWritesAlike(binary);
        ObjectNode pojo = tree.deepCopy();
        pojo.putPOJO("pojo", Map.of("k", List.of(1, 2)));
        assertWritesAlike(pojo);
        assertWritesAlike(MissingNode.getInstance());
        assertWritesAlike(nodes.arrayNode().add(nodes.binaryNode(new byte[] {9})));
    }

    @Test
    void countsALargeTreesSizeOnlySoFarAsAsked() {
        ArrayNode large = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < 100_000; i++) {
            large.add("value " + i);
        }
        long size = Json.bytes(large).length;
        assertThat(Json.size(large, size)).isEqualTo(size);
        assertThat(Json.size(large, 1_000))
                .as("stopped past the limit, within the generator's buffer")
                .isGreaterThan(1_000)
                .isLessThan(size / 10);
    }

    private static void assertReadsAlike(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        JsonNode expected;
        try {
            expected = MAPPER.readTree(text);
        } catch (JacksonException e) {
            assertThatThrownBy(() -> Json.parse(text)).as(text).isInstanceOf(JacksonException.class);
            assertThatThrownBy(() -> Json.parse(bytes)).as(text).isInstanceOf(JacksonException.class);
            return;
        }
        if (holdsAnInfiniteDouble(expected)) {
            assertThatThrownBy(() -> Json.parse(text)).as(text).isInstanceOf(JacksonException.class);
            return;
        }
        assertThat(describe(Json.parse(text))).as(text).isEqualTo(describe(expected));
        assertThat(describe(Json.parse(bytes))).as(text).isEqualTo(describe(MAPPER.readTree(bytes)));
    }

    private static void assertWritesAlike(JsonNode tree) {
        assertThat(Json.bytes(tree)).as(tree::toString).isEqualTo(MAPPER.writeValueAsBytes(tree));
        long size = MAPPER.writeValueAsBytes(tree).length;
        assertThat(Json.size(tree, size)).as(tree::toString).isEqualTo(size);
        assertThat(Json.size(tree, size + 5)).as(tree::toString).isEqualTo(size);
        assertThat(Json.size(tree, size - 1)).as(tree::toString).isGreaterThan(size - 1);
        assertThat(Json.pretty(tree))
                .as(tree::toString)
                .isEqualTo(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        String whole = MAPPER.writeValueAsString(tree);
        for (int max : new int[] {0, 1, 7, whole.length() - 1, whole.length(), whole.length() + 5}) {
            if (max >= 0) {
                assertThat(Json.prefix(tree, max))
                        .as(tree::toString)
                        .isEqualTo(whole.substring(0, Math.min(max, whole.length())));
            }
        }
    }

    /** {@return whether a number in the tree is beyond a double's range: the reader refuses those} */
    private static boolean holdsAnInfiniteDouble(JsonNode node) {
        if (node.isDouble()) {
            return Double.isInfinite(node.doubleValue());
        }
        for (JsonNode child : node) {
            if (holdsAnInfiniteDouble(child)) {
                return true;
            }
        }
        return false;
    }

    /** {@return the tree with every node's class, so that an int and a long of the same value differ} */
    private static String describe(JsonNode node) {
        StringBuilder out = new StringBuilder(node.getClass().getSimpleName());
        if (node.isObject()) {
            out.append('{');
            node.properties()
                    .forEach(e -> out.append(e.getKey())
                            .append('=')
                            .append(describe(e.getValue()))
                            .append(','));
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            node.values().forEach(e -> out.append(describe(e)).append(','));
            out.append(']');
        } else {
            out.append('(').append(node).append(')');
        }
        return out.toString();
    }

    /** {@return random JSON text, with random spacing, escapes, numbers of every size and repeated names} */
    private static String randomValue(Random random, int depth) {
        int kind = random.nextInt(depth > 4 ? 6 : 8);
        return switch (kind) {
            case 0 -> "null";
            case 1 -> random.nextBoolean() ? "true" : "false";
            case 2 -> randomNumber(random);
            case 3, 4, 5 -> randomString(random);
            case 6 -> {
                StringBuilder array = new StringBuilder("[");
                int n = random.nextInt(5);
                for (int i = 0; i < n; i++) {
                    array.append(i == 0 ? "" : ",").append(space(random)).append(randomValue(random, depth + 1));
                }
                yield array.append(space(random)).append(']').toString();
            }
            default -> {
                StringBuilder object = new StringBuilder("{");
                int n = random.nextInt(5);
                for (int i = 0; i < n; i++) {
                    String name = random.nextInt(4) == 0 ? "\"same\"" : randomString(random);
                    object.append(i == 0 ? "" : ",")
                            .append(space(random))
                            .append(name)
                            .append(space(random))
                            .append(':')
                            .append(randomValue(random, depth + 1));
                }
                yield object.append('}').toString();
            }
        };
    }

    private static String randomNumber(Random random) {
        return switch (random.nextInt(7)) {
            case 0 -> Integer.toString(random.nextInt());
            case 1 -> Long.toString(random.nextLong());
            case 2 -> new BigInteger(100, random).toString();
            case 3 -> Double.toString(random.nextGaussian() * 1000);
            case 4 -> random.nextInt(1000) + "e" + (random.nextInt(800) - 400);
            case 5 -> "-" + random.nextInt(10) + "." + random.nextInt(1_000_000) + "E+" + random.nextInt(20);
            default -> Integer.toString(random.nextInt(10));
        };
    }

    private static String randomString(Random random) {
        String[] pieces = {
            "a", "Z", "é", "😀", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", " ", "/", "\\/", "\u2028"
        };
        StringBuilder text = new StringBuilder("\"");
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            text.append(pieces[random.nextInt(pieces.length)]);
        }
        return text.append('"').toString();
    }

    private static String space(Random random) {
        return random.nextInt(3) == 0 ? " \n\t".substring(0, 1 + random.nextInt(3)) : "";
    }
}
