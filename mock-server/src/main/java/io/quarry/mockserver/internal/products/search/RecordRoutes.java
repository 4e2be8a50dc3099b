package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.RecordWriter;
import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.engine.internal.index.StoreHolds;
import io.quarry.mockserver.engine.internal.search.KeyFilters;
import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.BatchDryRun;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.PartialUpdate;
import io.quarry.mockserver.internal.state.RecordOperation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Record reads and writes, batches included. */
final class RecordRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int ADD = 0;
    static final int REPLACE = 1;
    static final int DELETE = 2;
    static final int DELETE_BY_QUERY = 3;
    static final int CLEAR = 4;
    static final int PARTIAL = 5;
    static final int BATCH = 6;
    static final int MULTI_INDEX_BATCH = 7;
    static final int GET_OBJECTS = 8;
    static final int GET = 9;

    private final Application app;
    private final SearchEngine engine;

    RecordRoutes(Application app, SearchEngine engine) {
        this.app = app;
        this.engine = engine;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case ADD -> add(request);
            case REPLACE -> replace(request);
            case DELETE -> delete(request);
            case DELETE_BY_QUERY -> deleteByQuery(request);
            case CLEAR -> clear(request);
            case PARTIAL -> partial(request);
            case BATCH -> batch(request);
            case MULTI_INDEX_BATCH -> multiIndexBatch(request);
            case GET_OBJECTS -> getObjects(request);
            case GET -> get(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /**
     * {@code POST /1/indexes/{indexName}}: 201 {@code {"createdAt", "taskID", "objectID"}}. The service assigns the
     * objectID; one sent in the body is used instead, as a batch {@code addObject} does.
     */
    Response add(Request request) {
        ObjectNode record = recordBody(request);
        String objectID =
                BatchRequests.hasObjectId(record) ? record.get("objectID").stringValue() : app.newObjectId();
        return Response.created(put(request, objectID, record, "createdAt"));
    }

    /**
     * {@return the record or partial update a write carries}: a write without a body is invalid JSON, not an empty
     * object, so that a body lost on the way never empties a record
     *
     * @throws ApiException 400 without a body, or with a body that is not a JSON object
     */
    private static ObjectNode recordBody(Request request) {
        JsonNode body = request.jsonOrNull();
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("Invalid JSON: the body must be a JSON object");
        }
        return (ObjectNode) body;
    }

    /** {@code PUT /1/indexes/{indexName}/{objectID}}: replaces the whole record. */
    Response replace(Request request) {
        String objectID = request.path("objectID");
        return Response.ok(put(request, objectID, recordBody(request), "updatedAt"));
    }

    /** Stores {@code record} whole under {@code objectID}; the reply body is {@code {stamp, "taskID", "objectID"}}. */
    private ObjectNode put(Request request, String objectID, ObjectNode record, String stamp) {
        record.put("objectID", objectID);
        long taskId = apply(request, new RecordOperation.Put(record));
        ObjectNode body = Replies.task(stamp, app.nowMillis(), taskId);
        body.put("objectID", objectID);
        return body;
    }

    /** {@code POST /1/indexes/{indexName}/{objectID}/partial}: {@code createIfNotExists} defaults to true. */
    Response partial(Request request) {
        String objectID = request.path("objectID");
        PartialUpdate update = PartialUpdate.parse(recordBody(request));
        boolean create = request.booleanParam("createIfNotExists", true);
        RecordOperation operation = new RecordOperation.Partial(objectID, update, create);
        long taskId = create
                ? apply(request, operation)
                : app.writeIfExists(
                                request.path("indexName"), index -> applyAll(request, index, List.of(operation)), null)
                        .taskId();
        ObjectNode body = Replies.task("updatedAt", app.nowMillis(), taskId);
        body.put("objectID", objectID);
        return Response.ok(body);
    }

    /** {@code DELETE /1/indexes/{indexName}/{objectID}}: {@code {"deletedAt", "taskID"}}. */
    Response delete(Request request) {
        RecordOperation operation = new RecordOperation.Delete(request.path("objectID"));
        var written = app.writeIfExists(request.path("indexName"), index -> applyAll(index, List.of(operation)), null);
        return Response.ok(Replies.task("deletedAt", app.nowMillis(), written.taskId()));
    }

    /** {@code POST /1/indexes/{indexName}/clear}: empties the records, keeps settings, synonyms and rules. */
    Response clear(Request request) {
        var written = app.writeIfExists(
                request.path("indexName"), index -> applyAll(index, List.of(new RecordOperation.Clear())), null);
        return Response.ok(Replies.task("updatedAt", app.nowMillis(), written.taskId()));
    }

    /**
     * {@code POST /1/indexes/{indexName}/deleteByQuery}: removes what the filters match; the engine refuses an
     * empty filter or a query (400).
     */
    Response deleteByQuery(Request request) {
        ObjectNode body = request.jsonObject();
        String name = request.path("indexName");
        if (app.find(name) == null) {
            engine.matchingObjectIDs(new IndexData(), new IndexConfig(Json.object(), List.of(), List.of()), body);
        }
        var written = app.writeIfExists(
                name,
                index -> {
                    List<RecordOperation> deletes = new ArrayList<>();
                    for (String objectID : engine.matchingObjectIDs(index.data(), index.config(), body)) {
                        deletes.add(new RecordOperation.Delete(objectID));
                    }
                    return applyAll(index, deletes);
                },
                null);
        return Response.ok(Replies.task("deletedAt", app.nowMillis(), written.taskId()));
    }

    /** {@code GET /1/indexes/{indexName}/{objectID}}: the record (with {@code attributesToRetrieve}), or 404. */
    Response get(Request request) {
        String indexName = request.path("indexName");
        IndexState index = app.require(indexName);
        String objectID = request.path("objectID");
        SearchContext context = request.get(Caller.class).searchContext(indexName);
        List<String> attributes = AttributesToRetrieve.forCaller(
                context, AttributesToRetrieve.fromParam(request.query().get("attributesToRetrieve")));
        ObjectNode retrieved = index.read((data, config) -> {
            ObjectNode record = data.get(objectID);
            if (record == null || !KeyFilters.keep(record, config.settings(), context)) {
                return null;
            }
            return SearchEngine.retrieve(record, config, attributes, context);
        });
        if (retrieved == null) {
            throw ApiException.notFound("ObjectID does not exist");
        }
        return Response.ok(retrieved);
    }

    /**
     * {@code POST /1/indexes/*}{@code /objects}: body {@code {"requests": [{indexName, objectID,
     * attributesToRetrieve}]}}; answers {@code {"results": [...]}} in request order, {@code null} for a record or
     * index that does not exist. The records answered add up to at most 10 MB of JSON ({@link AnswerBudget}).
     */
    Response getObjects(Request request) {
        JsonNode requests = request.jsonObject().get("requests");
        if (requests == null || !requests.isArray()) {
            throw ApiException.badRequest("Missing requests: expected an array");
        }
        Caller caller = request.get(Caller.class);
        AnswerBudget budget = new AnswerBudget(
                "The records asked for",
                "ask for fewer records in each request, or for fewer attributes with attributesToRetrieve");
        ArrayNode results = Json.array();
        for (JsonNode item : requests) {
            if (!item.isObject()) {
                throw ApiException.badRequest("Each request must be a JSON object");
            }
            String indexName = Replies.requiredString(item, "indexName");
            caller.requireIndex(indexName);
            String objectID = Replies.requiredString(item, "objectID");
            SearchContext context = caller.searchContext(indexName);
            List<String> attributes = AttributesToRetrieve.forCaller(
                    context, AttributesToRetrieve.fromJson(item.get("attributesToRetrieve")));
            IndexState index = app.find(indexName);
            // a record the caller's key filters out of its searches reads as absent: no objectID opens it either
            ObjectNode retrieved = index == null
                    ? null
                    : index.read((data, config) -> {
                        ObjectNode record = data.get(objectID);
                        return record == null || !KeyFilters.keep(record, config.settings(), context)
                                ? null
                                : SearchEngine.retrieve(record, config, attributes, context);
                    });
            if (retrieved == null) {
                results.addNull();
                continue;
            }
            budget.add(retrieved);
            results.add(retrieved);
        }
        ObjectNode body = Json.object();
        body.set("results", results);
        return Response.ok(body);
    }

    /** A batch needs, for each item, the right of its action on its index. */
    private static void authorize(Request request, BatchRequests.Item item) {
        Caller caller = request.get(Caller.class);
        RecordOperation operation = item.operation();
        String right;
        if (operation instanceof RecordOperation.Put || operation instanceof RecordOperation.Partial) {
            right = "addObject";
        } else if (operation instanceof RecordOperation.Delete) {
            right = "deleteObject";
        } else {
            right = "deleteIndex";
        }
        caller.requireRight(right);
        caller.requireIndex(item.indexName());
    }

    /** {@code POST /1/indexes/{indexName}/batch}: {@code {"taskID", "objectIDs"}}. */
    Response batch(Request request) {
        String name = request.path("indexName");
        List<RecordOperation> operations = new ArrayList<>();
        for (BatchRequests.Item item : BatchRequests.parse(request.jsonObject(), name, app)) {
            authorize(request, item);
            operations.add(item.operation());
        }
        Map<String, List<RecordOperation>> byIndex = Map.of(name, operations);
        var written = app.writeMany(List.of(name), indices -> {
            IndexState index = indices.get(name);
            Replicas.requireNotReplica(index, operations);
            BatchDryRun.check(index, operations);
            claim(request, index, operations);
            return applyAll(index, operations, () -> detachReplicas(index));
        });
        ObjectNode body = Json.object();
        body.put("taskID", written.taskId());
        body.set("objectIDs", objectIDs(written.result()));
        return Response.ok(body);
    }

    /**
     * {@code POST /1/indexes/*}{@code /batch}: the items of each index apply in order, atomically per index, under
     * one task per index: {@code {"taskID": {index: id}, "objectIDs"}} (objectIDs in request order).
     */
    Response multiIndexBatch(Request request) {
        List<BatchRequests.Item> items = BatchRequests.parse(request.jsonObject(), null, app);
        Map<String, List<RecordOperation>> byIndex = new LinkedHashMap<>();
        for (BatchRequests.Item item : items) {
            authorize(request, item);
            byIndex.computeIfAbsent(item.indexName(), name -> new ArrayList<>()).add(item.operation());
        }
        var written = app.writeMany(byIndex.keySet(), indices -> {
            // before anything applies, so that a batch naming a replica, or refused as it applies, changes no index
            byIndex.forEach((name, operations) -> Replicas.requireNotReplica(indices.get(name), operations));
            byIndex.forEach((name, operations) -> BatchDryRun.check(indices.get(name), operations));
            byIndex.forEach((name, operations) -> claim(request, indices.get(name), operations));
            return applyTogether(indices, byIndex);
        });
        ArrayNode objectIDs = Json.array();
        Map<String, Integer> next = new LinkedHashMap<>();
        for (BatchRequests.Item item : items) {
            int at = next.merge(item.indexName(), 1, Integer::sum) - 1;
            String id = written.result().get(item.indexName()).get(at);
            if (id != null) {
                objectIDs.add(id);
            }
        }
        ObjectNode taskIds = Json.object();
        byIndex.keySet().forEach(name -> taskIds.put(name, written.taskIds().get(name)));
        ObjectNode body = Json.object();
        body.set("taskID", taskIds);
        body.set("objectIDs", objectIDs);
        return Response.ok(body);
    }

    /**
     * {@return the objectIDs of each index's operations} The writes of every index are held open until all have
     * applied, and kept only when their growth, added up, fits the budget of stored records: a batch over it is
     * refused (403) with nothing of it applied, on any index.
     */
    private Map<String, List<String>> applyTogether(
            Map<String, IndexState> indices, Map<String, List<RecordOperation>> byIndex) {
        Map<String, List<String>> ids = new LinkedHashMap<>();
        List<StoreHolds.Group> groups = new ArrayList<>();
        List<Runnable> restores = new ArrayList<>();
        try {
            for (Map.Entry<String, List<RecordOperation>> entry : byIndex.entrySet()) {
                IndexState index = indices.get(entry.getKey());
                restores.add(restoreOnRefusal(index, entry.getValue()));
                StoreHolds.Group group = StoreHolds.open(index.data());
                groups.add(group);
                ids.put(entry.getKey(), applyOperations(index, entry.getValue(), group.writer(), () -> {
                    detachReplicas(index);
                }));
            }
            long growth = 0;
            for (StoreHolds.Group group : groups) {
                growth += group.growth();
            }
            app.recordBudget().take(growth);
        } catch (RuntimeException | Error refused) {
            for (int i = groups.size() - 1; i >= 0; i--) {
                groups.get(i).abort();
            }
            restores.forEach(Runnable::run);
            throw refused;
        }
        groups.forEach(StoreHolds.Group::commit);
        return ids;
    }

    /**
     * {@return what puts an index back as it was when a write deleting it is refused after it applied} The write's
     * records are undone with it; its configuration, reset by the deletion, and the removal it asked for are not.
     */
    private static Runnable restoreOnRefusal(IndexState index, List<RecordOperation> operations) {
        if (operations.stream().noneMatch(RecordOperation.DeleteIndex.class::isInstance)) {
            return () -> {};
        }
        IndexConfig before = index.config();
        return () -> {
            index.replaceConfig(before.settings(), before.synonyms(), before.rules());
            index.cancelRemoval();
        };
    }

    /**
     * Deleting a primary unlinks its replicas, which keep the records they had, as deleting it alone does: just
     * before a batch's {@code delete} empties the primary, each replica takes a copy of the records as they are
     * then, those the batch wrote before the deletion included. The write holds the replicas' locks (it takes those
     * of the indices linked to the ones it writes), and leaves them out of its tasks, as deleting alone does.
     */
    private void detachReplicas(IndexState primary) {
        for (String name : primary.replicaNames()) {
            IndexState replica = app.find(name);
            if (replica != null && primary.name().equals(replica.primaryName())) {
                replica.copyRecordsOf(replica);
            }
        }
    }

    /**
     * With multi-cluster mapping, records written with {@code X-Service-User-ID} belong to that user: claimed within
     * the write, once it is checked and before it applies, so that removing the user meanwhile either finds them
     * (and deletes them once the write has let the index go) or comes first, and the write is refused as any write
     * of a user not assigned. Claimed after the write, they were missed by a removal in between, and stayed.
     *
     * @throws ApiException 400 when the mapping is on and the user is no longer assigned
     */
    private void claim(Request request, IndexState index, List<RecordOperation> operations) {
        String userID = request.header("X-Service-User-ID");
        if (userID == null) {
            return;
        }
        List<String> objectIDs = new ArrayList<>();
        for (RecordOperation operation : operations) {
            // a record deleted is no one's: claimed, it held its ID until the next pruning
            if (operation instanceof RecordOperation.Put || operation instanceof RecordOperation.Partial) {
                objectIDs.add(operation.objectID());
            }
        }
        if (!app.mappings().claim(userID, index.name(), index.data(), objectIDs)
                && app.mappings().enabled()) {
            throw ApiException.badRequest("The user ID " + userID + " is not assigned to a cluster");
        }
    }

    private long apply(Request request, RecordOperation operation) {
        return app.write(request.path("indexName"), index -> applyAll(request, index, List.of(operation)))
                .taskId();
    }

    /** {@return the objectID of each operation, in order}: a write of one record, claimed for its user first */
    private List<String> applyAll(Request request, IndexState index, List<RecordOperation> operations) {
        Replicas.requireNotReplica(index, operations);
        claim(request, index, operations);
        return applyAll(index, operations, () -> {});
    }

    /** {@return the objectID each operation concerns ({@code null} for index-level actions), in order} */
    private static List<String> applyAll(IndexState index, List<RecordOperation> operations) {
        Replicas.requireNotReplica(index, operations);
        return applyAll(index, operations, () -> {});
    }

    /**
     * {@return the objectID each operation concerns, in order}; {@code beforeDeletion} runs inside the write, just
     * before each {@code delete} applies
     */
    private static List<String> applyAll(IndexState index, List<RecordOperation> operations, Runnable beforeDeletion) {
        Runnable restore = restoreOnRefusal(index, operations);
        try {
            return index.data().write(writer -> applyOperations(index, operations, writer, beforeDeletion));
        } catch (RuntimeException | Error refused) {
            restore.run();
            throw refused;
        }
    }

    /** {@return the objectID each operation concerns, in order}, applied with the writer of the index's records */
    private static List<String> applyOperations(
            IndexState index, List<RecordOperation> operations, RecordWriter writer, Runnable beforeDeletion) {
        List<String> ids = new ArrayList<>(operations.size());
        for (RecordOperation operation : operations) {
            if (operation instanceof RecordOperation.DeleteIndex) {
                beforeDeletion.run();
            }
            ids.add(operation.apply(index, writer));
        }
        return ids;
    }

    private static ArrayNode objectIDs(List<String> ids) {
        ArrayNode array = Json.array();
        ids.stream().filter(id -> id != null).forEach(array::add);
        return array;
    }
}
