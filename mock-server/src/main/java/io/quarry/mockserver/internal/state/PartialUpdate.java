package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.internal.index.AttributePathBudget;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.json.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A parsed partial update: first-level attributes set as sent (a nested value replaces
 * its first-level ancestor) or changed by an {@code {"_operation", "value"}} object. Parsing validates the whole
 * update first, so a batch is refused before anything is applied; what it brings is held to a record's bounds
 * ({@link AttributePathBudget}), as a whole record is.
 *
 * <p>Integers are added exactly, whatever their size, as they are stored. An {@code Increment} or {@code Decrement}
 * whose result is beyond a double's range ignores the whole update, as a failed {@code IncrementFrom} does: the
 * record keeps its value rather than storing an infinity. {@code Remove} and {@code AddUnique} compare numbers by
 * value ({@code 2} is {@code 2.0}) in time linear in the sizes of the array and the value.
 *
 * <p>An attribute that is missing or {@code null} counts as 0 for the numeric operations and as an empty array for
 * {@code Add} and {@code AddUnique} ({@code Remove} leaves it). An operation never turns a value of another type into its own: {@code Increment} on a string,
 * {@code Add} on a number leave the attribute as it is (the rest of the update applies), and {@code IncrementFrom}
 * or {@code IncrementSet} on a value that is no number ignores the whole update, as a value that does not match
 * does. {@code IncrementFrom} and {@code IncrementSet} compare exactly: {@code 5.5} is not {@code 5}.
 */
public final class PartialUpdate {

    /** The built-in operations. */
    enum Kind {
        Increment,
        Decrement,
        Add,
        Remove,
        AddUnique,
        IncrementFrom,
        IncrementSet
    }

    private record Change(String attribute, Kind kind, JsonNode value) {}

    private final List<Change> changes;

    private PartialUpdate(List<Change> changes) {
        this.changes = changes;
    }

    /**
     * {@return the parsed update}
     *
     * @param body the update body; {@code objectID} in it is ignored (the path or batch item names the record)
     * @throws ApiException 400 for an unknown operation or a value of the wrong type
     */
    public static PartialUpdate parse(ObjectNode body) {
        AttributePathBudget.check(body);
        List<Change> changes = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : body.properties()) {
            String attribute = entry.getKey();
            JsonNode value = entry.getValue();
            if (attribute.equals("objectID")) {
                continue;
            }
            if (value.isObject() && value.has("_operation")) {
                changes.add(operation(attribute, value));
            } else {
                changes.add(new Change(attribute, null, value));
            }
        }
        return new PartialUpdate(List.copyOf(changes));
    }

    private static Change operation(String attribute, JsonNode spec) {
        JsonNode name = spec.get("_operation");
        Kind kind = null;
        for (Kind candidate : Kind.values()) {
            if (name.isString() && candidate.name().equals(name.stringValue())) {
                kind = candidate;
            }
        }
        if (kind == null) {
            throw ApiException.badRequest("Invalid _operation for attribute " + Sanitize.shortText(attribute) + ": "
                    + Sanitize.shortText(name.toString()));
        }
        JsonNode value = spec.get("value");
        if (value == null || value.isNull()) {
            throw ApiException.badRequest(
                    "Missing value for _operation " + kind + " on attribute " + Sanitize.shortText(attribute));
        }
        switch (kind) {
            case Increment, Decrement -> requireThat(value.isNumber(), kind, attribute, "a number");
            case IncrementFrom, IncrementSet -> requireThat(value.isIntegralNumber(), kind, attribute, "an integer");
            default -> requireThat(scalarsOnly(value), kind, attribute, "a number, a string or an array of them");
        }
        return new Change(attribute, kind, value);
    }

    /** {@return whether it is a number or a string, or an array holding only numbers and strings} */
    private static boolean scalarsOnly(JsonNode value) {
        for (JsonNode element : elements(value)) {
            if (!element.isNumber() && !element.isString()) {
                return false;
            }
        }
        return true;
    }

    private static void requireThat(boolean ok, Kind kind, String attribute, String what) {
        if (!ok) {
            throw ApiException.badRequest("The value of _operation " + kind + " on attribute "
                    + Sanitize.shortText(attribute) + " must be " + what);
        }
    }

    /**
     * Applies the update to a record.
     *
     * @param current the current record, or {@code null} when absent (not mutated)
     * @param objectID the record's ID
     * @param createIfNotExists whether an absent record is created from an empty basis
     * @return the new record, or {@code null} when the whole update is ignored
     */
    public ObjectNode apply(ObjectNode current, String objectID, boolean createIfNotExists) {
        if (current == null && !createIfNotExists) {
            return null;
        }
        for (Change change : changes) {
            if (change.kind() == Kind.IncrementFrom || change.kind() == Kind.IncrementSet) {
                JsonNode now = current == null ? null : current.get(change.attribute());
                if (!isNumberOrAbsent(now)) {
                    return null;
                }
                BigDecimal given = new BigDecimal(change.value().bigIntegerValue());
                int order = given.compareTo(isAbsent(now) ? BigDecimal.ZERO : now.decimalValue());
                boolean proceed = change.kind() == Kind.IncrementFrom ? order == 0 : order > 0;
                if (!proceed) {
                    return null;
                }
            }
        }
        ObjectNode record = current == null ? Json.object() : current.deepCopy();
        record.put("objectID", objectID);
        for (Change change : changes) {
            JsonNode before = record.get(change.attribute());
            JsonNode after = change.kind() == null ? change.value() : applyOperation(change, before);
            if (after != null && after.isFloatingPointNumber() && !Double.isFinite(after.doubleValue())) {
                return null; // a sum beyond a double's range: the whole update is ignored
            }
            if (after != null) {
                record.set(change.attribute(), after);
            }
        }
        return record;
    }

    /** {@return whether the attribute is missing or {@code null}: it then counts as 0 or as an empty array} */
    private static boolean isAbsent(JsonNode node) {
        return node == null || node.isNull();
    }

    private static boolean isNumberOrAbsent(JsonNode node) {
        return isAbsent(node) || node.isNumber();
    }

    private static boolean isArrayOrAbsent(JsonNode node) {
        return isAbsent(node) || node.isArray();
    }

    /** {@return the new value, or {@code null} to leave the attribute as it is} */
    private static JsonNode applyOperation(Change change, JsonNode before) {
        JsonNode value = change.value();
        boolean typeFits = switch (change.kind()) {
            case Increment, Decrement -> isNumberOrAbsent(before);
            case Add, Remove, AddUnique -> isArrayOrAbsent(before);
            case IncrementFrom, IncrementSet -> true; // checked before anything applies
        };
        if (!typeFits) {
            return null; // a value of another type is never overwritten
        }
        return switch (change.kind()) {
            case Increment -> add(before, value, false);
            case Decrement -> add(before, value, true);
            case IncrementFrom -> integer(value.bigIntegerValue().add(BigInteger.ONE)); // value equals the current one
            case IncrementSet -> value;
            case Add -> {
                ArrayNode array = isAbsent(before) ? Json.array() : (ArrayNode) before.deepCopy();
                elements(value).forEach(array::add);
                yield array;
            }
            case Remove -> {
                if (isAbsent(before) || holdsNested(before)) {
                    yield null;
                }
                Set<Object> removed = new HashSet<>();
                elements(value).forEach(element -> removed.add(scalarKey(element)));
                ArrayNode array = Json.array();
                for (JsonNode element : before) {
                    if (!removed.contains(scalarKey(element))) {
                        array.add(element);
                    }
                }
                yield array;
            }
            case AddUnique -> {
                if (!isAbsent(before) && holdsNested(before)) {
                    yield null;
                }
                ArrayNode array = isAbsent(before) ? Json.array() : (ArrayNode) before.deepCopy();
                Set<Object> present = new HashSet<>();
                array.forEach(element -> present.add(scalarKey(element)));
                for (JsonNode added : elements(value)) {
                    if (present.add(scalarKey(added))) {
                        array.add(added);
                    }
                }
                yield array;
            }
        };
    }

    /** {@return the sum: exact for two integers of any size, else of doubles (possibly infinite)} */
    private static JsonNode add(JsonNode before, JsonNode value, boolean subtract) {
        JsonNode base = isAbsent(before) ? JsonNodeFactory.instance.numberNode(0) : before;
        if (base.isIntegralNumber() && value.isIntegralNumber()) {
            BigInteger delta = subtract ? value.bigIntegerValue().negate() : value.bigIntegerValue();
            return integer(base.bigIntegerValue().add(delta));
        }
        double delta = subtract ? -value.doubleValue() : value.doubleValue();
        return JsonNodeFactory.instance.numberNode(base.doubleValue() + delta);
    }

    /** {@return an integer node: a long one when it fits, as an integer read from a body is} */
    private static JsonNode integer(BigInteger value) {
        return value.bitLength() < Long.SIZE
                ? JsonNodeFactory.instance.numberNode(value.longValue())
                : JsonNodeFactory.instance.numberNode(value);
    }

    /** {@return what makes two elements the same for Remove and AddUnique: numbers by value, others as they are} */
    private static Object scalarKey(JsonNode element) {
        return element.isNumber() ? element.decimalValue().stripTrailingZeros() : element;
    }

    private static List<JsonNode> elements(JsonNode value) {
        List<JsonNode> list = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(list::add);
        } else {
            list.add(value);
        }
        return list;
    }

    private static boolean holdsNested(JsonNode array) {
        for (JsonNode element : array) {
            if (element.isContainer()) {
                return true;
            }
        }
        return false;
    }
}
