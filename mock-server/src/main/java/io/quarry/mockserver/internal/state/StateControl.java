package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeding, export and reset of an application's state. The seed document (also the export format) is
 * {@code {"indices": {"<name>": {"settings": {...}, "synonyms": [...], "rules": [...], "records": [...]}}}};
 * every member of an index is optional, and records without an objectID get one. Seeding an index replaces it.
 * A reset goes back to the state the server started with (its startup seed applied to an empty application).
 */
public final class StateControl {

    private final Application app;
    private final List<ObjectNode> startupSeeds;

    /**
     * @param app the application
     * @param startupSeeds the seed documents applied at start and after each reset
     */
    public StateControl(Application app, List<ObjectNode> startupSeeds) {
        this.app = app;
        this.startupSeeds = List.copyOf(startupSeeds);
        startupSeeds.forEach(this::seed);
    }

    /** Removes every index, then applies the startup seed again. */
    public void reset() {
        app.clear();
        startupSeeds.forEach(this::seed);
    }

    /**
     * Applies a seed document.
     *
     * @param document the document
     * @return the names of the indices seeded
     * @throws ApiException 400 when the document is malformed (nothing is applied then)
     */
    public List<String> seed(JsonNode document) {
        if (document == null || !document.isObject() || !document.path("indices").isObject()) {
            throw ApiException.badRequest("A seed document is {\"indices\": {\"<indexName>\": {\"settings\", "
                    + "\"synonyms\", \"rules\", \"records\"}}}");
        }
        List<Runnable> writes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : document.get("indices").properties()) {
            String name = entry.getKey();
            JsonNode index = entry.getValue();
            if (!index.isObject()) {
                throw ApiException.badRequest("The seed of index " + name + " must be an object");
            }
            ObjectNode settings = objectMember(index, "settings", name);
            List<ObjectNode> synonyms = new ArrayList<>();
            objects(index, "synonyms", name).forEach(synonym -> synonyms.add(Synonyms.validate(synonym)));
            List<ObjectNode> rules = objects(index, "rules", name);
            List<ObjectNode> records = objects(index, "records", name);
            for (ObjectNode record : records) {
                JsonNode id = record.get("objectID");
                if (id == null || !id.isString() || id.stringValue().isEmpty()) {
                    record.put("objectID", app.newObjectId());
                }
            }
            names.add(name);
            writes.add(() -> app.write(name, state -> {
                state.replaceConfig(settings, synonyms, rules);
                return state.data().write(writer -> {
                    writer.clear();
                    records.forEach(writer::put);
                    return null;
                });
            }));
        }
        writes.forEach(Runnable::run);
        return names;
    }

    /** @return the whole state as a seed document */
    public ObjectNode export() {
        ObjectNode indices = Json.object();
        for (IndexState state : app.all()) {
            ObjectNode index = indices.putObject(state.name());
            index.set("settings", state.config().settings().deepCopy());
            ArrayNode synonyms = index.putArray("synonyms");
            state.config().synonyms().forEach(synonym -> synonyms.add(synonym.deepCopy()));
            ArrayNode rules = index.putArray("rules");
            state.config().rules().forEach(rule -> rules.add(rule.deepCopy()));
            ArrayNode records = index.putArray("records");
            state.data().records().forEach(records::add);
        }
        ObjectNode document = Json.object();
        document.set("indices", indices);
        return document;
    }

    private static ObjectNode objectMember(JsonNode index, String member, String name) {
        JsonNode value = index.get(member);
        if (value == null || value.isNull()) {
            return Json.object();
        }
        if (!value.isObject()) {
            throw ApiException.badRequest("The " + member + " of index " + name + " must be an object");
        }
        return (ObjectNode) value.deepCopy();
    }

    private static List<ObjectNode> objects(JsonNode index, String member, String name) {
        JsonNode value = index.get(member);
        List<ObjectNode> objects = new ArrayList<>();
        if (value == null || value.isNull()) {
            return objects;
        }
        if (!value.isArray()) {
            throw ApiException.badRequest("The " + member + " of index " + name + " must be an array");
        }
        for (JsonNode element : value) {
            if (!element.isObject()) {
                throw ApiException.badRequest("Each of the " + member + " of index " + name + " must be an object");
            }
            objects.add((ObjectNode) element.deepCopy());
        }
        return objects;
    }
}
