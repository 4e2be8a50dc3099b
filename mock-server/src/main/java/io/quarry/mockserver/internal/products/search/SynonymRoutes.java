package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.Synonyms;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Synonyms of an index: save one, save a batch (optionally replacing all), get, delete, clear, search. With
 * {@code forwardToReplicas} a write also applies, in the same write, to the replicas named in the index's
 * {@code replicas} setting.
 */
final class SynonymRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int SAVE = 0;
    static final int BATCH = 1;
    static final int GET = 2;
    static final int DELETE = 3;
    static final int CLEAR = 4;
    static final int SEARCH = 5;

    private final Application app;

    SynonymRoutes(Application app) {
        this.app = app;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case SAVE -> save(request);
            case BATCH -> batch(request);
            case GET -> get(request);
            case DELETE -> delete(request);
            case CLEAR -> clear(request);
            case SEARCH -> search(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code PUT /1/indexes/{indexName}/synonyms/{objectID}}: {@code {"updatedAt", "id", "taskID"}}. */
    Response save(Request request) {
        String objectID = request.path("objectID");
        ObjectNode synonym = request.jsonObject();
        JsonNode bodyId = synonym.get("objectID");
        if (bodyId != null && !(bodyId.isString() && bodyId.stringValue().equals(objectID))) {
            throw ApiException.badRequest("The objectID in the body must match the objectID in the path");
        }
        synonym.put("objectID", objectID);
        ObjectNode valid = Synonyms.validate(synonym);
        long task = Replicas.write(app, request, index -> index.saveSynonym(valid));
        ObjectNode body = Replies.task("updatedAt", app.nowMillis(), task);
        body.put("id", objectID);
        return Response.ok(body);
    }

    /** {@code POST /1/indexes/{indexName}/synonyms/batch}: body a JSON array of synonyms. */
    Response batch(Request request) {
        JsonNode body = request.jsonOrNull();
        if (body == null || !body.isArray()) {
            throw ApiException.badRequest("The body must be a JSON array of synonyms");
        }
        List<ObjectNode> synonyms = new ArrayList<>();
        body.forEach(synonym -> synonyms.add(Synonyms.validate(synonym)));
        boolean replace = request.booleanParam("replaceExistingSynonyms", false);
        long task = Replicas.write(app, request, index -> index.saveSynonyms(synonyms, replace));
        return Response.ok(Replies.task("updatedAt", app.nowMillis(), task));
    }

    /** {@code GET /1/indexes/{indexName}/synonyms/{objectID}}: the synonym, or 404. */
    Response get(Request request) {
        ObjectNode synonym = app.require(request.path("indexName")).synonym(request.path("objectID"));
        if (synonym == null) {
            throw ApiException.notFound("Synonym set does not exist");
        }
        return Response.ok(synonym.deepCopy());
    }

    /**
     * {@code DELETE /1/indexes/{indexName}/synonyms/{objectID}}: {@code {"deletedAt", "taskID"}}, also for a synonym
     * the index lacks (the service states no refusal for it); an index that does not exist is a 404.
     */
    Response delete(Request request) {
        String objectID = request.path("objectID");
        app.require(request.path("indexName"));
        if (forwards(request)) {
            long task = Replicas.write(app, request, index -> index.deleteSynonym(objectID));
            return Response.ok(Replies.task("deletedAt", app.nowMillis(), task));
        }
        var written = app.writeIfExists(request.path("indexName"), index -> index.deleteSynonym(objectID), false);
        return Response.ok(Replies.task("deletedAt", app.nowMillis(), written.taskId()));
    }

    /** {@code POST /1/indexes/{indexName}/synonyms/clear}: {@code {"updatedAt", "taskID"}}. */
    Response clear(Request request) {
        if (forwards(request) && app.find(request.path("indexName")) != null) {
            long task = Replicas.write(app, request, IndexState::clearSynonyms);
            return Response.ok(Replies.task("updatedAt", app.nowMillis(), task));
        }
        var written = app.writeIfExists(
                request.path("indexName"),
                index -> {
                    index.clearSynonyms();
                    return null;
                },
                null);
        return Response.ok(Replies.task("updatedAt", app.nowMillis(), written.taskId()));
    }

    private static boolean forwards(Request request) {
        return request.booleanParam("forwardToReplicas", false);
    }

    /** {@code POST /1/indexes/{indexName}/synonyms/search}: {@code {"hits", "nbHits"}}. */
    Response search(Request request) {
        ObjectNode query = request.jsonObject();
        var index = app.find(request.path("indexName"));
        List<ObjectNode> all = index == null ? List.of() : index.config().synonyms();
        return Response.ok(Synonyms.search(all, query));
    }
}
