package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A JSON response.
 *
 * @param status the HTTP status
 * @param body the JSON body
 */
public record Response(int status, JsonNode body) {

    /**
     * @param body the body
     * @return a 200
     */
    public static Response ok(JsonNode body) {
        return new Response(200, body);
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
