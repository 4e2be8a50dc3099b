package io.quarry.mockserver.internal.products.suggestions;

import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.Locale;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The handlers of the query-suggestions API. Create and replace schedule a build and answer once it has run, or
 * after the build wait (10 s unless the server's tests shorten it) with the build still running (the status says when
 * it ends).
 */
final class SuggestionsRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int CREATE = 0;
    static final int REPLACE = 1;
    static final int DELETE = 2;
    static final int GET = 3;
    static final int STATUS = 4;
    static final int LIST = 5;
    static final int LOGS = 6;

    private final Configurations configurations;
    private final BuildRunner runner;
    private final long buildWaitMillis;

    SuggestionsRoutes(Configurations configurations, BuildRunner runner, long buildWaitMillis) {
        this.configurations = configurations;
        this.runner = runner;
        this.buildWaitMillis = buildWaitMillis;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case CREATE -> create(request);
            case REPLACE -> replace(request);
            case DELETE -> delete(request);
            case GET -> get(request);
            case STATUS -> status(request);
            case LIST -> list(request);
            case LOGS -> logs(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code POST /1/configs}. */
    Response create(Request request) {
        SuggestionsConfig config = ConfigJson.read(request.jsonOrNull(), null);
        runner.buildAndWait(configurations.create(config), buildWaitMillis);
        return message("Configuration was created, and a new indexing job has been scheduled.");
    }

    /** {@code PUT /1/configs/{indexName}}: replaces, or creates. */
    Response replace(Request request) {
        SuggestionsConfig config = ConfigJson.read(request.jsonOrNull(), request.path("indexName"));
        runner.buildAndWait(configurations.replace(config), buildWaitMillis);
        return message("Configuration was updated, and a new indexing job has been scheduled.");
    }

    /** {@code DELETE /1/configs/{indexName}}: the suggestions index stays. */
    Response delete(Request request) {
        configurations.delete(request.path("indexName"));
        return message("Configuration was deleted with success.");
    }

    /** {@code GET /1/configs/{indexName}}. */
    Response get(Request request) {
        return Response.ok(ConfigJson.write(configurations.get(request.path("indexName"))));
    }

    /** {@code GET /1/configs}. */
    Response list(Request request) {
        ArrayNode all = Json.array();
        configurations.list().forEach(config -> all.add(ConfigJson.write(config)));
        return Response.ok(all);
    }

    /** {@code GET /1/configs/{indexName}/status}. */
    Response status(Request request) {
        Configurations.Status status = configurations.status(request.path("indexName"));
        ObjectNode body = Json.object();
        body.put("indexName", status.indexName());
        body.put("isRunning", status.running());
        body.put("lastBuiltAt", iso(status.lastBuiltAt()));
        body.put("lastSuccessfulBuiltAt", iso(status.lastSuccessfulBuiltAt()));
        if (status.lastSuccessfulBuildMillis() == null) {
            body.putNull("lastSuccessfulBuildDuration");
        } else {
            // seconds as text, as the service reports it
            body.put(
                    "lastSuccessfulBuildDuration",
                    String.format(Locale.ROOT, "%.3f", status.lastSuccessfulBuildMillis() / 1000.0));
        }
        return Response.ok(body);
    }

    /** {@code GET /1/logs/{indexName}}: the last build's log as JSON Lines. */
    Response logs(Request request) {
        return Response.jsonLines(configurations.lastLog(request.path("indexName")));
    }

    private static String iso(Long millis) {
        return millis == null ? null : Timestamps.iso(millis);
    }

    private static Response message(String message) {
        ObjectNode body = Json.object();
        body.put("status", 200);
        body.put("message", message);
        return Response.ok(body);
    }
}
