package io.quarry.mockserver.internal.routes;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code attributesToRetrieve} for record reads: {@code *} (or nothing) keeps every attribute; otherwise only the
 * named attributes (a dotted name such as {@code author.name} keeps that nested member) plus {@code objectID}.
 */
final class Projection {

    private Projection() {
    }

    /**
     * @param raw the URL parameter: comma-separated names or a JSON array; {@code null} for all
     * @return the names, or {@code null} for all
     */
    static List<String> fromParam(String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        String trimmed = raw.trim();
        if (trimmed.startsWith("[")) {
            try {
                return fromJson(Json.parse(trimmed));
            } catch (JacksonException e) {
                throw ApiException.badRequest("attributesToRetrieve is not a valid JSON array");
            }
        }
        List<String> names = new ArrayList<>();
        for (String name : trimmed.split(",")) {
            if (!name.isBlank()) {
                names.add(name.trim());
            }
        }
        return names;
    }

    /**
     * @param node a JSON array of names, or {@code null}
     * @return the names, or {@code null} for all
     */
    static List<String> fromJson(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw ApiException.badRequest("attributesToRetrieve must be an array of strings");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode name : node) {
            if (!name.isString()) {
                throw ApiException.badRequest("attributesToRetrieve must be an array of strings");
            }
            names.add(name.stringValue());
        }
        return names;
    }

    /**
     * @param record a record (not mutated)
     * @param names the attributes to keep, or {@code null} for all
     * @return the projected record
     */
    static ObjectNode apply(ObjectNode record, List<String> names) {
        if (names == null || names.contains("*")) {
            return record;
        }
        ObjectNode projected = Json.object();
        projected.set("objectID", record.get("objectID"));
        for (String name : names) {
            copyPath(record, projected, name.split("\\."), 0);
        }
        return projected;
    }

    private static void copyPath(ObjectNode from, ObjectNode to, String[] path, int at) {
        JsonNode value = from.get(path[at]);
        if (value == null) {
            return;
        }
        if (at == path.length - 1 || !value.isObject()) {
            if (at == path.length - 1) {
                to.set(path[at], value.deepCopy());
            }
            return;
        }
        JsonNode existing = to.get(path[at]);
        ObjectNode child = existing != null && existing.isObject() ? (ObjectNode) existing : to.putObject(path[at]);
        copyPath((ObjectNode) value, child, path, at + 1);
    }
}
