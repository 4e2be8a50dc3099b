package io.quarry.mockserver;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The records of a few indices as the service's documents describe writes, written apart from the mock server's
 * code so that a random test can compare the two: whole records replace, partial updates set first-level
 * attributes or apply a built-in operation, and the choices the mock server documents where the documents are
 * silent (a missing or {@code null} attribute counts as 0 or an empty array, and {@code Remove} leaves it; a value
 * of another type is left as it is, and {@code IncrementFrom} / {@code IncrementSet} on one ignore the whole
 * update).
 */
final class RecordWritesModel {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Map<String, Map<String, ObjectNode>> indices = new LinkedHashMap<>();

    /** {@return the records of an index by objectID (empty for an index never written or deleted)} */
    Map<String, ObjectNode> records(String index) {
        return indices.computeIfAbsent(index, name -> new LinkedHashMap<>());
    }

    void put(String index, ObjectNode record) {
        records(index).put(record.get("objectID").stringValue(), record.deepCopy());
    }

    void delete(String index, String objectID) {
        records(index).remove(objectID);
    }

    void clear(String index) {
        records(index).clear();
    }

    /** Applies a partial update whose body the service validated (operands of the right types). */
    void partial(String index, String objectID, ObjectNode body, boolean createIfNotExists) {
        ObjectNode current = records(index).get(objectID);
        if (current == null && !createIfNotExists) {
            return;
        }
        ObjectNode record = current == null ? NODES.objectNode() : current.deepCopy();
        for (Map.Entry<String, JsonNode> member : body.properties()) {
            String name = member.getKey();
            if (name.equals("objectID")) {
                continue;
            }
            JsonNode value = member.getValue();
            if (!value.isObject() || !value.has("_operation")) {
                record.set(name, value);
                continue;
            }
            JsonNode after = operate(value.get("_operation").stringValue(), value.get("value"), record.get(name));
            if (after == IGNORE_UPDATE) { // by identity
                return;
            }
            if (after != null) {
                record.set(name, after);
            }
        }
        record.put("objectID", objectID);
        records(index).put(objectID, record);
    }

    /** Returned by an operation whose whole update is ignored. */
    private static final JsonNode IGNORE_UPDATE = NODES.objectNode();

    /** {@return the attribute's new value, {@code null} to leave it, or {@link #IGNORE_UPDATE}} */
    private static JsonNode operate(String operation, JsonNode operand, JsonNode before) {
        boolean missing = before == null || before.isNull();
        switch (operation) {
            case "Increment", "Decrement" -> {
                if (!missing && !before.isNumber()) {
                    return null;
                }
                JsonNode base = missing ? NODES.numberNode(0) : before;
                boolean down = operation.equals("Decrement");
                if (base.isIntegralNumber() && operand.isIntegralNumber()) {
                    BigInteger by = operand.bigIntegerValue();
                    return NODES.numberNode(
                            down
                                    ? base.bigIntegerValue().subtract(by)
                                    : base.bigIntegerValue().add(by));
                }
                double sum =
                        down ? base.doubleValue() - operand.doubleValue() : base.doubleValue() + operand.doubleValue();
                return Double.isFinite(sum) ? NODES.numberNode(sum) : IGNORE_UPDATE;
            }
            case "IncrementFrom", "IncrementSet" -> {
                if (!missing && !before.isNumber()) {
                    return IGNORE_UPDATE;
                }
                int order = exact(operand).compareTo(missing ? BigDecimal.ZERO : exact(before));
                boolean from = operation.equals("IncrementFrom");
                if (from ? order != 0 : order <= 0) {
                    return IGNORE_UPDATE;
                }
                return from ? NODES.numberNode(operand.bigIntegerValue().add(BigInteger.ONE)) : operand;
            }
            default -> {
                if (missing ? operation.equals("Remove") : !before.isArray()) {
                    return null; // nothing to remove from, or a value of another type
                }
                return arrayOperation(operation, operand, missing ? NODES.arrayNode() : (ArrayNode) before);
            }
        }
    }

    private static JsonNode arrayOperation(String operation, JsonNode operand, ArrayNode before) {
        List<JsonNode> elements = new ArrayList<>();
        if (operand.isArray()) {
            operand.forEach(elements::add);
        } else {
            elements.add(operand);
        }
        ArrayNode after = before.deepCopy();
        if (operation.equals("Add")) {
            elements.forEach(after::add);
            return after;
        }
        for (JsonNode element : before) {
            if (element.isContainer()) {
                return null; // Remove and AddUnique leave an array holding nested values alone
            }
        }
        if (operation.equals("Remove")) {
            ArrayNode kept = NODES.arrayNode();
            for (JsonNode element : before) {
                if (elements.stream().noneMatch(removed -> sameScalar(removed, element))) {
                    kept.add(element);
                }
            }
            return kept;
        }
        for (JsonNode added : elements) {
            boolean present = false;
            for (JsonNode element : after) {
                present |= sameScalar(added, element);
            }
            if (!present) {
                after.add(added);
            }
        }
        return after;
    }

    /** Numbers are the same by value ({@code 2} is {@code 2.0}), strings by their text. */
    private static boolean sameScalar(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return exact(a).compareTo(exact(b)) == 0;
        }
        return a.equals(b);
    }

    private static BigDecimal exact(JsonNode number) {
        return number.isIntegralNumber()
                ? new BigDecimal(number.bigIntegerValue())
                : new BigDecimal(number.doubleValue());
    }
}
