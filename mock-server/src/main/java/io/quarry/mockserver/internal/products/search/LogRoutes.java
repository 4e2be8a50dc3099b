package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.RequestLog;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /1/logs}: the last requests, newest first, as {@code {"logs": [...]}}. Parameters: {@code offset}
 * (default 0), {@code length} (default 10, at most 1000), {@code indexName}, {@code type} ({@code all},
 * {@code query}, {@code build}, {@code error}). A key restricted to indices does not see the entries of other indices.
 */
final class LogRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int LOGS = 0;

    private final Application app;

    LogRoutes(Application app) {
        this.app = app;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case LOGS -> logs(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    Response logs(Request request) {
        int offset = Replies.intParam(request.query().get("offset"), "offset", 0, 0, Integer.MAX_VALUE);
        int length = Replies.intParam(request.query().get("length"), "length", 10, 1, 1000);
        String indexName = request.query().get("indexName");
        String type = request.query().getOrDefault("type", "all");
        if (!List.of("all", "query", "build", "error").contains(type)) {
            throw ApiException.badRequest("Invalid type: expected all, query, build or error");
        }
        Caller caller = request.get(Caller.class);
        List<RequestLog.Entry> matching = app.requestLog().newestFirst().stream()
                .filter(entry -> indexName == null || indexName.equals(entry.indexName()))
                .filter(entry ->
                        entry.indexName() == null ? !caller.usesSomeIndicesOnly() : caller.mayUse(entry.indexName()))
                .filter(entry -> switch (type) {
                    case "query" -> entry.query();
                    case "build" -> entry.build();
                    case "error" -> entry.error();
                    default -> true;
                })
                .toList();
        ArrayNode logs = Json.array();
        matching.stream().skip(offset).limit(length).forEach(entry -> logs.add(entry.body()));
        ObjectNode body = Json.object();
        body.set("logs", logs);
        return Response.ok(body);
    }
}
