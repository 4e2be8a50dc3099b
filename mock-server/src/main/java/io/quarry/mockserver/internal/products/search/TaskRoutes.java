package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import tools.jackson.databind.node.ObjectNode;

/**
 * Task status. Any task of the application answers under any index name (a copy or move is waited on under its
 * source, a multi-index batch under each index): {@code notPublished} until the task delay has elapsed, then
 * {@code published}.
 */
final class TaskRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int INDEX_TASK = 0;
    static final int APPLICATION_TASK = 1;

    private final Application app;

    TaskRoutes(Application app) {
        this.app = app;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case INDEX_TASK -> indexTask(request);
            case APPLICATION_TASK -> applicationTask(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code GET /1/indexes/{indexName}/task/{taskID}}: {@code {"status", "pendingTask"}}. */
    Response indexTask(Request request) {
        boolean published = published(request.path("taskID"));
        ObjectNode body = Json.object();
        body.put("status", published ? "published" : "notPublished");
        body.put("pendingTask", !published);
        return Response.ok(body);
    }

    /** {@code GET /1/task/{taskID}}: {@code {"status"}}. */
    Response applicationTask(Request request) {
        ObjectNode body = Json.object();
        body.put("status", published(request.path("taskID")) ? "published" : "notPublished");
        return Response.ok(body);
    }

    private boolean published(String rawId) {
        long id;
        try {
            id = Long.parseLong(rawId);
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("taskID must be an integer");
        }
        Boolean published = app.tasks().isPublished(id);
        if (published == null) {
            throw ApiException.notFound("Task does not exist");
        }
        return published;
    }
}
