package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.IndexNames;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Index-level endpoints: list, delete, copy and move. */
final class IndexRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int LIST = 0;
    static final int DELETE = 1;
    static final int OPERATION = 2;

    private static final int DEFAULT_LIST_PAGE_SIZE = 100;
    private static final Set<String> SCOPES = Set.of("settings", "synonyms", "rules");

    private final Application app;

    IndexRoutes(Application app) {
        this.app = app;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case LIST -> list(request);
            case DELETE -> delete(request);
            case OPERATION -> operation(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /**
     * {@code GET /1/indexes}: {@code {"items": [...], "nbPages": N}}, by name. Without {@code page} every index is
     * listed; with it, {@code hitsPerPage} (default 100) per page. A key restricted to indices lists only those, and
     * is not shown the names of the others in an index's {@code primary} and {@code replicas}. Each index is
     * described as of one instant with the others: a copy or move onto it in progress is waited for, and a move's
     * source is listed before the move or its destination after it, never both.
     */
    Response list(Request request) {
        Caller caller = request.get(Caller.class);
        String rawPage = request.query().get("page");
        int hitsPerPage =
                Replies.intParam(request.query().get("hitsPerPage"), "hitsPerPage", DEFAULT_LIST_PAGE_SIZE, 1, 1000);
        Integer page = rawPage == null || rawPage.isEmpty()
                ? null
                : Replies.intParam(rawPage, "page", 0, 0, Integer.MAX_VALUE);
        int[] nbPages = {1};
        // every index as of one instant: a move ending meanwhile is listed before or after, never twice
        List<ObjectNode> described = app.readTogether(
                indices -> {
                    List<IndexState> all = indices.stream()
                            .filter(index -> caller.mayUse(index.name()))
                            .toList();
                    if (page == null) {
                        return all;
                    }
                    int from = (int) Math.min(all.size(), (long) page * hitsPerPage);
                    nbPages[0] = Math.max(1, (all.size() + hitsPerPage - 1) / hitsPerPage);
                    return all.subList(from, Math.min(all.size(), from + hitsPerPage));
                },
                index -> describe(index, index.data(), index.config()));
        ArrayNode items = Json.array();
        for (ObjectNode item : described) {
            VisibleLinks.hide(item, caller);
            items.add(item);
        }
        ObjectNode body = Json.object();
        body.set("items", items);
        body.put("nbPages", nbPages[0]);
        return Response.ok(body);
    }

    private ObjectNode describe(IndexState index, IndexData data, IndexConfig config) {
        boolean pending =
                index.lastTaskId() != 0 && !Boolean.TRUE.equals(app.tasks().isPublished(index.lastTaskId()));
        ObjectNode item = Json.object();
        item.put("name", index.name());
        item.put("createdAt", Timestamps.iso(index.createdAtMillis()));
        item.put("updatedAt", Timestamps.iso(index.updatedAtMillis()));
        item.put("entries", data.size());
        long dataSize = data.dataSize();
        item.put("dataSize", dataSize);
        item.put("fileSize", dataSize);
        item.put("lastBuildTimeS", 0);
        item.put("numberOfPendingTasks", pending ? 1 : 0);
        item.put("pendingTask", pending);
        JsonNode replicas = config.settings().get("replicas");
        if (replicas != null && replicas.isArray()) {
            item.set("replicas", replicas.deepCopy());
        }
        JsonNode primary = config.settings().get("primary");
        if (primary != null && primary.isString()) {
            item.put("primary", primary.stringValue());
        }
        return item;
    }

    /**
     * {@code DELETE /1/indexes/{indexName}}: {@code {"deletedAt", "taskID"}}; deleting an absent index succeeds.
     * Deleting a primary unlinks its replicas, which stay as indices of their own; a replica cannot be deleted
     * while linked (400).
     */
    Response delete(Request request) {
        var written = app.writeIfExists(
                request.path("indexName"),
                index -> {
                    Replicas.requireUnlinked(index, "deleted");
                    index.requestRemoval();
                    return null;
                },
                null);
        return Response.ok(Replies.task("deletedAt", app.nowMillis(), written.taskId()));
    }

    /**
     * {@code POST /1/indexes/{indexName}/operation}: copy or move to {@code destination}, which is replaced. A copy
     * with {@code scope} copies only the listed parts (settings, synonyms, rules) and keeps the destination's
     * records; a move ignores {@code scope}, as in the service. The service refuses neither a source that does not
     * exist nor a destination equal to the source: both are acknowledged with a task and change nothing. The
     * destination never takes the source's {@code replicas} or {@code primary}. A move onto a primary keeps its
     * replicas, which take the records moved; a move of a primary unlinks its replicas, as deleting it does.
     * Refused (400): a copy or move onto a replica, a copy onto a primary, a move of a replica.
     */
    Response operation(Request request) {
        String source = request.path("indexName");
        ObjectNode body = request.jsonObject();
        String operation = Replies.requiredString(body, "operation");
        if (!operation.equals("copy") && !operation.equals("move")) {
            throw ApiException.badRequest("Invalid operation: expected copy or move");
        }
        String destination = IndexNames.requireValid(Replies.requiredString(body, "destination"));
        Set<String> scope = scope(body.get("scope"));
        request.get(Caller.class).requireIndex(destination);
        if (destination.equals(source) || app.find(source) == null) {
            return acknowledged(source);
        }
        Application.Written<Object> written;
        try {
            // the source is checked under the locks, so two racing moves cannot move an emptied source
            written = app.writeMany(List.of(source, destination), source, indices -> {
                IndexState from = indices.get(source);
                IndexState to = indices.get(destination);
                Replicas.requireUnlinked(to, "written by a " + operation);
                JsonNode replicas = to.config().settings().get("replicas");
                if (operation.equals("move")) {
                    Replicas.requireUnlinked(from, "moved");
                    to.takeRecordsOf(from);
                    app.mappings().moveIndex(source, destination);
                    to.copyConfigFrom(from, true, true, true);
                    from.requestRemoval();
                } else {
                    if (!to.replicaNames().isEmpty()) {
                        throw ApiException.badRequest("Index " + destination + " has replicas: a copy cannot replace "
                                + "it; move an index onto it, or remove its replicas first");
                    }
                    if (scope.isEmpty()) {
                        to.copyRecordsOf(from);
                        // the copies were written by no user, and the records they replace are gone
                        app.mappings().forgetIndex(destination);
                    }
                    boolean all = scope.isEmpty();
                    to.copyConfigFrom(
                            from,
                            all || scope.contains("settings"),
                            all || scope.contains("synonyms"),
                            all || scope.contains("rules"));
                }
                keepPlace(to, replicas);
                return null;
            });
        } catch (ApiException gone) {
            if (gone.status() != 404) {
                throw gone;
            }
            // the source was moved or deleted meanwhile
            return acknowledged(source);
        }
        return Response.ok(
                Replies.task("updatedAt", app.nowMillis(), written.taskIds().get(source)));
    }

    /** The destination of a copy or move keeps its own replicas, and takes neither those nor the primary of the source. */
    private static void keepPlace(IndexState destination, JsonNode replicas) {
        ObjectNode place = Json.object();
        for (String member : ReplicaSetting.PLACE) {
            place.putNull(member);
        }
        if (replicas != null) {
            place.set("replicas", replicas);
        }
        destination.mergeSettings(place);
    }

    /** A copy or move that changes nothing: a task, as the service answers, and no index created. */
    private Response acknowledged(String source) {
        long taskId = app.writeIfExists(source, index -> null, null).taskId();
        return Response.ok(Replies.task("updatedAt", app.nowMillis(), taskId));
    }

    private static Set<String> scope(JsonNode scope) {
        Set<String> parts = new HashSet<>();
        if (scope == null || scope.isNull()) {
            return parts;
        }
        if (!scope.isArray()) {
            throw ApiException.badRequest("scope must be an array of settings, synonyms, rules");
        }
        for (JsonNode part : scope) {
            if (!part.isString() || !SCOPES.contains(part.stringValue())) {
                throw ApiException.badRequest("Invalid scope " + part + ": expected settings, synonyms or rules");
            }
            parts.add(part.stringValue());
        }
        return parts;
    }
}
