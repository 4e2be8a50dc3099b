package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A parsed partial update: first-level attributes set as sent (a nested value replaces
 * its first-level ancestor) or changed by an {@code {"_operation", "value"}} object. Parsing validates the whole
 * update first, so a batch is refused before anything is applied.
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
            throw ApiException.badRequest("Invalid _operation for attribute " + attribute + ": " + name);
        }
        JsonNode value = spec.get("value");
        if (value == null || value.isNull()) {
            throw ApiException.badRequest("Missing value for _operation " + kind + " on attribute " + attribute);
        }
        switch (kind) {
            case Increment, Decrement -> requireThat(value.isNumber(), kind, attribute, "a number");
            case IncrementFrom, IncrementSet -> requireThat(value.isIntegralNumber(), kind, attribute, "an integer");
            default -> requireThat(!value.isObject(), kind, attribute, "a number, a string or an array of them");
        }
        return new Change(attribute, kind, value);
    }

    private static void requireThat(boolean ok, Kind kind, String attribute, String what) {
        if (!ok) {
            throw ApiException.badRequest(
                    "The value of _operation " + kind + " on attribute " + attribute + " must be " + what);
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
                long given = change.value().longValue();
                long now = current == null ? 0 : integerOrZero(current.get(change.attribute()));
                boolean proceed = change.kind() == Kind.IncrementFrom ? given == now : given > now;
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
            if (after != null) {
                record.set(change.attribute(), after);
            }
        }
        return record;
    }

    private static long integerOrZero(JsonNode node) {
        return node != null && node.isNumber() ? node.longValue() : 0;
    }

    /** {@return the new value, or {@code null} to leave the attribute as it is} */
    private static JsonNode applyOperation(Change change, JsonNode before) {
        JsonNode value = change.value();
        return switch (change.kind()) {
            case Increment -> add(before, value, false);
            case Decrement -> add(before, value, true);
            case IncrementFrom -> JsonNodeFactory.instance.numberNode(integerOrZero(before) + 1);
            case IncrementSet -> value;
            case Add -> {
                ArrayNode array = before != null && before.isArray() ? (ArrayNode) before.deepCopy() : Json.array();
                elements(value).forEach(array::add);
                yield array;
            }
            case Remove -> {
                if (before == null || !before.isArray() || holdsNested(before)) {
                    yield null;
                }
                ArrayNode array = Json.array();
                for (JsonNode element : before) {
                    if (elements(value).stream().noneMatch(removed -> sameScalar(removed, element))) {
                        array.add(element);
                    }
                }
                yield array;
            }
            case AddUnique -> {
                if (before != null && before.isArray() && holdsNested(before)) {
                    yield null;
                }
                ArrayNode array = before != null && before.isArray() ? (ArrayNode) before.deepCopy() : Json.array();
                for (JsonNode added : elements(value)) {
                    boolean present = false;
                    for (JsonNode element : array) {
                        present |= sameScalar(added, element);
                    }
                    if (!present) {
                        array.add(added);
                    }
                }
                yield array;
            }
        };
    }

    private static JsonNode add(JsonNode before, JsonNode value, boolean subtract) {
        JsonNode base = before != null && before.isNumber() ? before : JsonNodeFactory.instance.numberNode(0);
        if (base.isIntegralNumber() && value.isIntegralNumber()) {
            long delta = subtract ? -value.longValue() : value.longValue();
            return JsonNodeFactory.instance.numberNode(base.longValue() + delta);
        }
        double delta = subtract ? -value.doubleValue() : value.doubleValue();
        return JsonNodeFactory.instance.numberNode(base.doubleValue() + delta);
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

    private static boolean sameScalar(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }
}
