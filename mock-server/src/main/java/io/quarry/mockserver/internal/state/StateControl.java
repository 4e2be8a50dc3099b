package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.internal.auth.ChosenKey;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.ResetGate;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Seeding, export and reset of an application's state. The seed document (also the export format) is
 * {@code {"indices": {"<name>": {"settings": {...}, "synonyms": [...], "rules": [...], "records": [...]}},
 * "keys": [{"value": "...", "acl": [...], "index": "<name of an index-level key>", ...}]}}; every member of an
 * index is optional, and records without an objectID get one. Seeding an index replaces it; seeding a key with a
 * chosen value adds or replaces it (validity counts from the seeding). Export also lists the active keys.
 * A reset goes back to the state the server started with (its startup seed applied to an empty application).
 */
public final class StateControl {

    private static final List<String> DOCUMENT_MEMBERS = List.of("indices", "keys");
    private static final List<String> INDEX_MEMBERS = List.of("settings", "synonyms", "rules", "records");

    private final Application app;
    private final List<SeedDocument> startupSeeds;
    private final List<Runnable> resetHooks = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ResetGate gate = new ResetGate();

    /**
     * @param app the application
     * @param startupSeeds the seed documents applied at start and after each reset
     * @throws ApiException 400 when one is malformed, its message starting with the document's source
     */
    public StateControl(Application app, List<SeedDocument> startupSeeds) {
        this.app = app;
        this.startupSeeds = List.copyOf(startupSeeds);
        seedAll(this.startupSeeds);
    }

    /**
     * Removes every index, then applies the startup seed again, and resets every product's own state: once the
     * requests in flight are answered, and before any other passes the {@link #gate()}.
     */
    public void reset() {
        gate.reset(() -> app.reset(() -> {
            app.clear();
            resetHooks.forEach(Runnable::run);
            seedAll(startupSeeds);
        }));
    }

    /** {@return the gate requests pass, which a reset closes while it runs} */
    public ResetGate gate() {
        return gate;
    }

    /**
     * Adds what a reset also clears: a product's own state.
     *
     * @param hook clears the state
     */
    public void onReset(Runnable hook) {
        resetHooks.add(hook);
    }

    /**
     * Applies a seed document, wholly before a reset or wholly after it: it passes the {@link #gate()} as the
     * service's requests do (the control routes are outside it, so the seed takes it itself).
     *
     * @param document the document
     * @return the names of the indices seeded
     * @throws ApiException 400 when the document is malformed (nothing is applied then)
     */
    public List<String> seed(JsonNode document) {
        return gate.request(() -> seedAll(List.of(new SeedDocument(null, document))));
    }

    /**
     * Applies seed documents (the files of a seed directory) as one: every document is checked before anything is
     * applied, and the replicas of all of them are written after every other index, so that the primary a
     * replica names exists when the replica is written, whatever the files' order. A refusal names the document's
     * source.
     */
    private List<String> seedAll(List<SeedDocument> documents) {
        List<Runnable> writes = new ArrayList<>();
        List<Runnable> replicaWrites = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (SeedDocument document : documents) {
            try {
                plan(document.json(), writes, replicaWrites, names);
            } catch (ApiException refused) {
                if (document.source() == null) {
                    throw refused;
                }
                throw new ApiException(refused.status(), document.source() + ": " + refused.getMessage());
            }
        }
        app.requireRoomForIndices(
                names.stream().distinct().filter(name -> app.find(name) == null).count());
        writes.addAll(replicaWrites);
        writes.forEach(Runnable::run);
        return names;
    }

    private void plan(JsonNode document, List<Runnable> writes, List<Runnable> replicaWrites, List<String> names) {
        boolean hasIndices = document != null
                && document.isObject()
                && document.path("indices").isObject();
        boolean hasKeys =
                document != null && document.isObject() && document.path("keys").isArray();
        if (!hasIndices && !hasKeys || document.has("indices") && !hasIndices || document.has("keys") && !hasKeys) {
            throw ApiException.badRequest("A seed document is {\"indices\": {\"<indexName>\": {\"settings\", "
                    + "\"synonyms\", \"rules\", \"records\"}}, \"keys\": [{\"value\", \"acl\", ...}]}");
        }
        // a misspelt member ("record", "key") was ignored: the seed applied without what it held
        requireKnown(document, DOCUMENT_MEMBERS, "A seed document");
        for (JsonNode key : document.path("keys")) {
            JsonNode given = key.get("value");
            if (!key.isObject()
                    || given == null
                    || !given.isString()
                    || given.stringValue().isEmpty()) {
                throw ApiException.badRequest("Each seeded key needs a non-empty string value");
            }
            String value = given.stringValue();
            String problem = ChosenKey.problem(value);
            if (problem != null) {
                // the journal and the log mask such keys whole; another could show in part
                throw ApiException.badRequest("A seeded key's value " + problem);
            }
            String scope = indexScope(key.get("index"));
            ObjectNode parameters = ((ObjectNode) key).deepCopy();
            parameters.remove(List.of("value", "index"));
            KeyDefinition definition = KeyDefinition.fromJson(parameters, scope);
            writes.add(() -> app.keys().put(value, definition, scope));
        }
        for (Map.Entry<String, JsonNode> entry : document.path("indices").properties()) {
            String name = entry.getKey();
            SeedChecks.indexName(name);
            JsonNode index = entry.getValue();
            if (!index.isObject()) {
                throw ApiException.badRequest("The seed of index " + name + " must be an object");
            }
            requireKnown(index, INDEX_MEMBERS, "The seed of index " + name);
            ObjectNode settings = objectMember(index, "settings", name);
            SeedChecks.links(name, settings);
            List<ObjectNode> synonyms = new ArrayList<>();
            objects(index, "synonyms", name).forEach(synonym -> synonyms.add(Synonyms.validate(synonym)));
            List<ObjectNode> rules = SeedChecks.rules(name, objects(index, "rules", name));
            List<ObjectNode> records = objects(index, "records", name);
            SeedChecks.records(name, records, app::newObjectId);
            names.add(name);
            Runnable write = () -> app.write(name, state -> {
                // the records first: refused past the budget of stored records, they leave the index as it was
                state.replaceRecords(records);
                // the seeded records were written by no user, and those they replace are gone
                app.mappings().forgetIndex(name);
                state.replaceConfig(settings, synonyms, rules);
                return null;
            });
            if (settings.has("primary")) {
                // again, now that its primary is known to the write's locks, so that the link takes hold
                replicaWrites.add(() -> {
                    write.run();
                    app.writeIfExists(name, state -> null, null);
                });
            } else {
                writes.add(write);
            }
        }
    }

    private static void requireKnown(JsonNode object, List<String> known, String what) {
        for (String member : object.propertyNames()) {
            if (!known.contains(member)) {
                throw ApiException.badRequest(what + " has no member " + Sanitize.shortText(member) + " (its members: "
                        + String.join(", ", known) + ")");
            }
        }
    }

    /** {@return the index an index-level key is restricted to, or {@code null} for a key of every index} */
    private static String indexScope(JsonNode index) {
        if (index == null || index.isNull()) {
            return null;
        }
        if (!index.isString()) {
            // read as absent, it made a key of every index from one meant for a single index
            throw ApiException.badRequest("A seeded key's index must be the name of an index");
        }
        SeedChecks.indexName(index.stringValue());
        return index.stringValue();
    }

    /** {@return the whole state as a seed document: as it is before a reset or after it, never halfway} */
    public ObjectNode export() {
        return gate.request(this::exportNow);
    }

    private ObjectNode exportNow() {
        ObjectNode indices = Json.object();
        // every index as of one instant: a copy or move in progress is exported whole or not, and a move's records
        // once, in its source or its destination
        app.readTogether(all -> all, state -> indices.set(state.name(), exportIndex(state.data(), state.config())));
        ObjectNode document = Json.object();
        document.set("indices", indices);
        ArrayNode keys = document.putArray("keys");
        for (ApiKey key : app.keys().all()) {
            ObjectNode item = keys.addObject();
            item.put("value", key.value());
            if (key.indexScope() != null) {
                item.put("index", key.indexScope());
            }
            item.set(
                    "acl",
                    Json.array()
                            .addAll(key.acl().stream().map(StringNode::valueOf).toList()));
            item.put("description", key.description());
            if (key.indexScope() == null) {
                item.set(
                        "indexes",
                        Json.array()
                                .addAll(key.indexes().stream()
                                        .map(StringNode::valueOf)
                                        .toList()));
            }
            item.put("validity", key.validitySeconds());
            item.put("maxHitsPerQuery", key.maxHitsPerQuery());
            item.put("maxQueriesPerIPPerHour", key.maxQueriesPerIPPerHour());
            item.put("queryParameters", key.queryParameters());
            item.set(
                    "referers",
                    Json.array()
                            .addAll(key.referers().stream()
                                    .map(StringNode::valueOf)
                                    .toList()));
        }
        return document;
    }

    private static ObjectNode exportIndex(IndexData data, IndexConfig config) {
        ObjectNode index = Json.object();
        index.set("settings", config.settings().deepCopy());
        ArrayNode synonyms = index.putArray("synonyms");
        config.synonyms().forEach(synonym -> synonyms.add(synonym.deepCopy()));
        ArrayNode rules = index.putArray("rules");
        config.rules().forEach(rule -> rules.add(rule.deepCopy()));
        ArrayNode records = index.putArray("records");
        data.records().forEach(records::add);
        return index;
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
