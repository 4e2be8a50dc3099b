package io.quarry.mockserver.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Records kept as compact bytes decode to equal trees, and their values are found at the same paths. */
class CompactJsonTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void everyNodeTypeRoundTrips() {
        ObjectNode record = NODES.objectNode();
        record.put("objectID", "é-1\uD83D\uDE00\uD800 lone surrogate");
        record.put("int", -7).put("long", 1L << 40).put("short", (short) -3);
        record.put("double", -0.0).put("float", 1.5f).put("nan", Double.NaN);
        record.put("big", new BigInteger("123456789012345678901234567890"));
        record.put("decimal", new BigDecimal("1.10")).put("negativeScale", new BigDecimal("1E+5"));
        record.put("yes", true).put("no", false).putNull("nothing");
        record.put("", "empty name").put("a.b", "dotted name");
        record.putObject("nested")
                .putArray("list")
                .add(1)
                .add(NODES.objectNode().put("x", "y"));
        record.putArray("empty");
        record.putObject("none");
        byte[] bytes = CompactJson.encode(record);
        ObjectNode decoded = CompactJson.decode(bytes);
        assertThat(decoded).isEqualTo(record);
        assertThat(List.copyOf(decoded.propertyNames())).isEqualTo(List.copyOf(record.propertyNames()));
        assertThat(decoded.get("long").getClass()).isEqualTo(record.get("long").getClass());
        assertThat(decoded.get("decimal").decimalValue().scale()).isEqualTo(2);
    }

    @Test
    void parsedDocumentsRoundTripAndShrink() {
        JsonMapper mapper = JsonMapper.builder().build();
        String json = "{\"objectID\":\"p1\",\"name\":\"Drakamave corlo\",\"price\":382.19,\"rating\":3,"
                + "\"categories\":[\"a\",\"b\"],\"inStock\":true,\"n\":{\"d\":[1,{\"e\":\"f\"},[2,[3]]]},\"z\":null}";
        ObjectNode record = (ObjectNode) mapper.readTree(json);
        byte[] bytes = CompactJson.encode(record);
        assertThat(CompactJson.decode(bytes)).isEqualTo(record);
        assertThat(bytes.length).isLessThan(json.length());
    }

    @Test
    void leavesAtAPathMatchTheTree() {
        Random random = new Random(16);
        for (int round = 0; round < 200; round++) {
            ObjectNode record = NODES.objectNode();
            fill(record, random, 0);
            byte[] bytes = CompactJson.encode(record);
            assertThat(CompactJson.decode(bytes)).isEqualTo(record);
            List<String> paths = new ArrayList<>();
            paths(record, "", paths);
            paths.add("missing");
            for (String path : paths) {
                List<Leaf> expected = new ArrayList<>();
                collect(record, "", path, expected);
                assertThat(CompactJson.leavesAt(bytes, path)).as(path).isEqualTo(expected);
            }
        }
    }

    @Test
    void unusualNodesAreNotEncoded() {
        ObjectNode record = NODES.objectNode().put("objectID", "1");
        record.set("bytes", NODES.binaryNode(new byte[] {1, 2}));
        assertThat(CompactJson.encode(record)).isNull();
    }

    private static void fill(JsonNode container, Random random, int depth) {
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
            JsonNode value = switch (depth < 3 ? random.nextInt(8) : random.nextInt(6)) {
                case 0 -> NODES.stringNode("w" + random.nextInt(5));
                case 1 -> NODES.numberNode(random.nextInt(100) - 50);
                case 2 -> NODES.numberNode(random.nextDouble());
                case 3 -> NODES.booleanNode(random.nextBoolean());
                case 4 -> NODES.nullNode();
                case 5 -> NODES.numberNode(random.nextLong());
                case 6 -> NODES.objectNode();
                default -> NODES.arrayNode();
            };
            if (value.isContainer()) {
                fill(value, random, depth + 1);
            }
            if (container instanceof ObjectNode object) {
                object.set(random.nextBoolean() ? "a" : "k" + random.nextInt(3), value);
            } else {
                ((ArrayNode) container).add(value);
            }
        }
    }

    private static void paths(JsonNode node, String at, List<String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                paths(entry.getValue(), at.isEmpty() ? entry.getKey() : at + "." + entry.getKey(), out);
            }
        } else if (node.isArray()) {
            node.forEach(element -> paths(element, at, out));
        } else if (!out.contains(at)) {
            out.add(at);
        }
    }

    private static void collect(JsonNode node, String at, String path, List<Leaf> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                collect(entry.getValue(), at.isEmpty() ? entry.getKey() : at + "." + entry.getKey(), path, out);
            }
        } else if (node.isArray()) {
            node.forEach(element -> collect(element, at, path, out));
        } else if ((node.isString() || node.isNumber() || node.isBoolean()) && at.equals(path)) {
            out.add(new Leaf(path, node));
        }
    }
}
