package io.quarry.testsupport;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Changes one place of a JSON answer the way a faulty server or proxy might: a member or an item set to null, a
 * value of the wrong JSON type, a huge integer, a fraction where an integer belongs, an empty object, a dropped
 * member, or nesting deeper than any reader accepts. Which change and where come from the {@link Random} given, so
 * a seed reproduces a mutation.
 */
public final class AnswerMutator {

    /** The kinds of change, each equally likely. */
    enum Kind {
        NULL_MEMBER,
        NULL_ITEM,
        WRONG_TYPE,
        HUGE_INTEGER,
        FLOAT_FOR_INTEGER,
        EMPTY_OBJECT,
        DROPPED_MEMBER,
        DEEP_NESTING
    }

    /** How the description of a type mutation starts when a whole number became a fraction. */
    static final String FRACTION_FOR_INTEGER = "FRACTION_FOR_INTEGER";

    private static final ObjectMapper MAPPER = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Stands where the deep nesting goes, replaced in the text: a tree that deep could not be written. */
    private static final String DEEP_MARK = "@@deep-nesting@@";
    /** Past the nesting any JSON reader of the SDK accepts. */
    private static final int DEEP = 5_000;
    /** How many items of an array an answer keeps. */
    private static final int KEPT_ITEMS = 6;

    /** The answer's values: one, or one a line for an answer of JSON lines (a build log). */
    private final List<JsonNode> values;

    /**
     * A mutator of one answer.
     *
     * @param json the answer, a JSON text or JSON lines of objects
     */
    public AnswerMutator(String json) {
        if (json.stripLeading().startsWith("[")) {
            // one array (a list of configurations), which reading values one by one would take for its items
            JsonNode array = MAPPER.readTree(json);
            shorten(array);
            this.values = List.of(array);
            return;
        }
        try (MappingIterator<JsonNode> read = MAPPER.readerFor(JsonNode.class).readValues(json)) {
            List<JsonNode> all = read.readAll();
            all.forEach(AnswerMutator::shorten);
            this.values = List.copyOf(all);
        }
    }

    /** {@return the answer as it is mutated: its arrays shortened, nothing else changed} */
    public String unchanged() {
        StringBuilder body = new StringBuilder();
        for (JsonNode value : values) {
            body.append(text(value)).append('\n');
        }
        return body.toString();
    }

    /**
     * One mutation of the answer: of one of its lines when it has several.
     *
     * @param random chooses the change and its place
     * @return the changed answer and what was changed
     */
    public AnswerMutation mutate(Random random) {
        if (values.size() == 1) {
            return mutate(values.get(0), random);
        }
        int line = random.nextInt(values.size());
        AnswerMutation mutated = mutate(values.get(line), random);
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            body.append(i == line ? mutated.body() : text(values.get(i))).append('\n');
        }
        return new AnswerMutation("line " + (line + 1) + ": " + mutated.description(), body.toString());
    }

    /**
     * One value of the answer (of one of its lines when it has several) replaced by a scalar of another JSON type:
     * an integer by a fraction, by its own digits as a string or by a boolean; a fraction by its digits as a string
     * or by a boolean; a string by a number or a boolean; a boolean by its word as a string or by a number. A reader
     * that types the value must then fail, naming its {@link AnswerMutation#place() place}, not read it as another
     * value.
     *
     * @param random chooses the value and its replacement
     * @return the changed answer; the answer unchanged when it holds no scalar
     */
    public AnswerMutation mutateType(Random random) {
        int line = values.size() == 1 ? 0 : random.nextInt(values.size());
        JsonNode root = values.get(line).deepCopy();
        List<Place> places = new ArrayList<>();
        collect(root, null, null, -1, "$", places);
        List<Place> scalars = places.stream()
                .filter(p -> p.parent() != null
                        && p.node().isValueNode()
                        && !p.node().isNull())
                .toList();
        if (scalars.isEmpty()) {
            return new AnswerMutation("no scalar to change", unchanged());
        }
        Place place = scalars.get(random.nextInt(scalars.size()));
        JsonNode other = otherType(place.node(), random);
        AnswerMutation changed = replaceAt(Kind.WRONG_TYPE, place, other, root);
        if (other.isFloatingPointNumber()) {
            changed = new AnswerMutation(
                    FRACTION_FOR_INTEGER
                            + changed.description()
                                    .substring(Kind.WRONG_TYPE.name().length()),
                    changed.body());
        }
        if (values.size() == 1) {
            return new AnswerMutation(changed.description(), changed.body(), place.path());
        }
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            body.append(i == line ? changed.body() : text(values.get(i))).append('\n');
        }
        return new AnswerMutation("line " + (line + 1) + ": " + changed.description(), body.toString(), place.path());
    }

    /** {@return a scalar of another JSON type, close to the value where a lenient reader would convert it} */
    private static JsonNode otherType(JsonNode value, Random random) {
        if (value.isIntegralNumber()) {
            return switch (random.nextInt(3)) {
                case 0 -> NODES.numberNode(value.asDouble() + 0.5);
                case 1 -> NODES.stringNode(value.asString());
                default -> NODES.booleanNode(true);
            };
        }
        if (value.isNumber()) {
            return random.nextBoolean() ? NODES.stringNode(value.asString()) : NODES.booleanNode(false);
        }
        if (value.isBoolean()) {
            return random.nextBoolean()
                    ? NODES.stringNode(value.asString())
                    : NODES.numberNode(value.booleanValue() ? 1 : 0);
        }
        return random.nextBoolean() ? NODES.numberNode(7) : NODES.booleanNode(true);
    }

    private static AnswerMutation mutate(JsonNode answer, Random random) {
        JsonNode root = answer.deepCopy();
        List<Place> places = new ArrayList<>();
        collect(root, null, null, -1, "$", places);
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        return switch (kind) {
            case NULL_MEMBER -> replaceAt(kind, pick(random, places, Place::inObjectOrRoot), NODES.nullNode(), root);
            case NULL_ITEM -> nullItem(random, places, root);
            case WRONG_TYPE -> wrongType(random, places, root);
            case HUGE_INTEGER -> replaceAt(kind, pick(random, places, Place::isNumber), huge(random), root);
            case FLOAT_FOR_INTEGER -> floatForInteger(random, places, root);
            case EMPTY_OBJECT -> replaceAt(kind, pick(random, places, Place::isContainer), NODES.objectNode(), root);
            case DROPPED_MEMBER -> dropped(random, places, root);
            case DEEP_NESTING -> deep(random, places, root);
        };
    }

    /**
     * Cuts every array to its first {@value #KEPT_ITEMS} items: they keep the answer's shape, and a time series of
     * thousands of points would make each mutation and each decoding slow for nothing.
     */
    private static void shorten(JsonNode node) {
        if (node instanceof ArrayNode array) {
            while (array.size() > KEPT_ITEMS) {
                array.remove(array.size() - 1);
            }
        }
        for (JsonNode child : node.values()) {
            shorten(child);
        }
    }

    /** A place in the tree: its node, the container holding it (null for the root), and its JSON path. */
    private record Place(JsonNode node, JsonNode parent, String name, int index, String path) {
        boolean inObjectOrRoot() {
            return parent == null || parent.isObject();
        }

        boolean inArray() {
            return parent != null && parent.isArray();
        }

        boolean inObject() {
            return parent != null && parent.isObject();
        }

        boolean isNumber() {
            return node.isNumber();
        }

        boolean isContainer() {
            return node.isContainer();
        }
    }

    private static void collect(JsonNode node, JsonNode parent, String name, int index, String path, List<Place> to) {
        to.add(new Place(node, parent, name, index, path));
        if (node.isObject()) {
            for (var member : node.properties()) {
                collect(member.getValue(), node, member.getKey(), -1, path + "." + member.getKey(), to);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), node, null, i, path + "[" + i + "]", to);
            }
        }
    }

    /** {@return a random place that passes the test, or the root when none does} */
    private static Place pick(Random random, List<Place> places, Predicate<Place> test) {
        List<Place> fit = places.stream().filter(test).toList();
        return fit.isEmpty() ? places.get(0) : fit.get(random.nextInt(fit.size()));
    }

    private static AnswerMutation replaceAt(Kind kind, Place place, JsonNode value, JsonNode root) {
        JsonNode changed = root;
        if (place.parent() == null) {
            changed = value;
        } else if (place.parent() instanceof ObjectNode object) {
            object.set(place.name(), value);
        } else {
            ((ArrayNode) place.parent()).set(place.index(), value);
        }
        return new AnswerMutation(kind + " at " + place.path() + ": " + text(value), text(changed));
    }

    private static AnswerMutation nullItem(Random random, List<Place> places, JsonNode root) {
        if (places.stream().anyMatch(Place::inArray)) {
            return replaceAt(Kind.NULL_ITEM, pick(random, places, Place::inArray), NODES.nullNode(), root);
        }
        Place array = pick(random, places, p -> p.node().isArray());
        if (!array.node().isArray()) {
            return replaceAt(Kind.NULL_ITEM, array, NODES.arrayNode().addNull(), root);
        }
        ((ArrayNode) array.node()).addNull();
        return new AnswerMutation(Kind.NULL_ITEM + " added to " + array.path(), text(root));
    }

    private static AnswerMutation wrongType(Random random, List<Place> places, JsonNode root) {
        Place place = pick(random, places, p -> true);
        List<JsonNode> others = new ArrayList<>();
        for (JsonNode option : List.of(
                NODES.stringNode("7"),
                NODES.numberNode(7),
                NODES.booleanNode(true),
                NODES.objectNode().put("x", 1),
                NODES.arrayNode().add("x"))) {
            if (option.getNodeType() != place.node().getNodeType()) {
                others.add(option);
            }
        }
        return replaceAt(Kind.WRONG_TYPE, place, others.get(random.nextInt(others.size())), root);
    }

    private static JsonNode huge(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> NODES.numberNode(new BigInteger("123456789012345678901234567890"));
            case 1 -> NODES.numberNode(new BigInteger("-9223372036854775809"));
            case 2 -> NODES.numberNode(new BigInteger("9223372036854775808"));
            default -> NODES.numberNode(new BigDecimal("1e400"));
        };
    }

    private static AnswerMutation floatForInteger(Random random, List<Place> places, JsonNode root) {
        Place place = pick(random, places, p -> p.node().isIntegralNumber());
        double value = place.node().isNumber() ? place.node().asDouble() + 0.5 : 0.5;
        return replaceAt(Kind.FLOAT_FOR_INTEGER, place, NODES.numberNode(value), root);
    }

    private static AnswerMutation dropped(Random random, List<Place> places, JsonNode root) {
        Place place = pick(random, places, Place::inObject);
        if (place.parent() == null) {
            return replaceAt(Kind.DROPPED_MEMBER, place, NODES.objectNode(), root);
        }
        ((ObjectNode) place.parent()).remove(place.name());
        return new AnswerMutation(Kind.DROPPED_MEMBER + " " + place.path(), text(root));
    }

    private static AnswerMutation deep(Random random, List<Place> places, JsonNode root) {
        boolean arrays = random.nextBoolean();
        AnswerMutation marked =
                replaceAt(Kind.DEEP_NESTING, pick(random, places, p -> true), NODES.stringNode(DEEP_MARK), root);
        StringBuilder nested = new StringBuilder(DEEP * 8);
        for (int i = 0; i < DEEP; i++) {
            nested.append(arrays ? "[" : "{\"a\":");
        }
        nested.append('1');
        for (int i = 0; i < DEEP; i++) {
            nested.append(arrays ? ']' : '}');
        }
        String body = marked.body().replace('"' + DEEP_MARK + '"', nested);
        String description =
                marked.description().replace('"' + DEEP_MARK + '"', DEEP + (arrays ? " arrays" : " objects"));
        return new AnswerMutation(description, body);
    }

    private static String text(JsonNode node) {
        return MAPPER.writeValueAsString(node);
    }
}
