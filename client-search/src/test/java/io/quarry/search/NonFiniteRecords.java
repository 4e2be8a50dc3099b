package io.quarry.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random records holding one NaN or infinity at a random depth, in every shape a caller may hand in (maps,
 * lists, plain classes, record classes, Jackson trees, primitive and boxed arrays), each with the JSON path of
 * that number inside the record.
 */
final class NonFiniteRecords {

    /** A record and where its non-finite number is, relative to the record ({@code ""} or {@code .a[2]...}). */
    record Sample(Object record, String path) {}

    /** A plain class: Jackson writes its public fields. */
    public static final class Priced {
        public double price;
        public Object extra;
    }

    /** A record class: Jackson writes its components. */
    public record Measured(Float weight, Object nested) {}

    private static final double[] NON_FINITE = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    private static final int MAX_DEPTH = 5;

    private final Random random;

    NonFiniteRecords(long seed) {
        this.random = new Random(seed);
    }

    /** {@return a top-level record (a map, a class or a tree) with a non-finite number somewhere in it} */
    Sample next() {
        int depth = 1 + random.nextInt(MAX_DEPTH);
        return switch (random.nextInt(3)) {
            case 0 -> map(depth);
            case 1 -> pojo(depth);
            default -> tree(depth);
        };
    }

    private Sample map(int depth) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", "n" + random.nextInt(100));
        String key = "m" + random.nextInt(10);
        Sample inner = value(depth - 1);
        map.put(key, inner.record());
        map.put("after", random.nextInt(1000));
        return new Sample(map, "." + key + inner.path());
    }

    private Sample pojo(int depth) {
        Sample inner = value(depth - 1);
        if (random.nextBoolean()) {
            Priced priced = new Priced();
            priced.price = 1.5;
            priced.extra = inner.record();
            return new Sample(priced, ".extra" + inner.path());
        }
        return new Sample(new Measured(2.5f, inner.record()), ".nested" + inner.path());
    }

    private Sample tree(int depth) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("title", "t");
        String key = "k" + random.nextInt(10);
        Sample inner = treeValue(depth - 1);
        node.set(key, (JsonNode) inner.record());
        return new Sample(node, "." + key + inner.path());
    }

    /** A value holding the number: a leaf when the depth is spent, else a container of any shape. */
    private Sample value(int depth) {
        if (depth <= 0) {
            return leaf();
        }
        return switch (random.nextInt(4)) {
            case 0 -> map(depth);
            case 1 -> pojo(depth);
            case 2 -> tree(depth);
            default -> list(depth);
        };
    }

    private Sample list(int depth) {
        List<Object> list = new ArrayList<>();
        int at = random.nextInt(3);
        for (int i = 0; i < at; i++) {
            list.add(random.nextDouble());
        }
        Sample inner = value(depth - 1);
        list.add(inner.record());
        list.add("tail");
        return new Sample(list, "[" + at + "]" + inner.path());
    }

    private Sample leaf() {
        double bad = NON_FINITE[random.nextInt(NON_FINITE.length)];
        int at = random.nextInt(3);
        return switch (random.nextInt(5)) {
            case 0 -> new Sample(bad, "");
            case 1 -> new Sample((float) bad, "");
            case 2 -> {
                double[] numbers = {0.5, -0.0, Double.MIN_VALUE};
                numbers[at] = bad;
                yield new Sample(numbers, "[" + at + "]");
            }
            case 3 -> {
                float[] numbers = {0.5f, -0.0f, Float.MIN_VALUE};
                numbers[at] = (float) bad;
                yield new Sample(numbers, "[" + at + "]");
            }
            default -> {
                Double[] numbers = {0.5, -0.0, Double.MAX_VALUE};
                numbers[at] = bad;
                yield new Sample(numbers, "[" + at + "]");
            }
        };
    }

    private Sample treeValue(int depth) {
        if (depth <= 0) {
            double bad = NON_FINITE[random.nextInt(NON_FINITE.length)];
            JsonNodeFactory nodes = JsonNodeFactory.instance;
            return new Sample(random.nextBoolean() ? nodes.numberNode(bad) : nodes.numberNode((float) bad), "");
        }
        if (random.nextBoolean()) {
            return tree(depth);
        }
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        int at = random.nextInt(3);
        for (int i = 0; i < at; i++) {
            array.add(i);
        }
        Sample inner = treeValue(depth - 1);
        array.add((JsonNode) inner.record());
        return new Sample(array, "[" + at + "]" + inner.path());
    }
}
