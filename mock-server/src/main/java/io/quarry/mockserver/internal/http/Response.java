package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A response: a JSON body, or (for the few endpoints that answer JSON Lines) an array written one element a line.
 *
 * @param status the HTTP status
 * @param body the JSON body; for {@link Format#JSON_LINES}, the array of lines
 * @param format how the body is written
 */
public record Response(int status, JsonNode body, Format format) {

    /** How a body goes on the wire. */
    public enum Format {
        /** One JSON document, {@code application/json}. */
        JSON,
        /** Each element of an array on its own line, {@code application/x-ndjson}. */
        JSON_LINES
    }

    /**
     * A JSON response.
     *
     * @param status the HTTP status
     * @param body the JSON body
     */
    public Response(int status, JsonNode body) {
        this(status, body, Format.JSON);
    }

    /**
     * @param body the body
     * @return a 200
     */
    public static Response ok(JsonNode body) {
        return new Response(200, body);
    }

    /**
     * @param lines the lines, each written as one line of JSON
     * @return a 200 in JSON Lines
     */
    public static Response jsonLines(ArrayNode lines) {
        return new Response(200, lines, Format.JSON_LINES);
    }

    /**
     * @param body the body
     * @return a 201
     */
    public static Response created(JsonNode body) {
        return new Response(201, body);
    }

    /**
     * @param status a 4xx status
     * @param message the message
     * @return the error body the service sends
     */
    public static Response error(int status, String message) {
        ObjectNode body = Json.object();
        body.put("message", message);
        body.put("status", status);
        return new Response(status, body);
    }
}
