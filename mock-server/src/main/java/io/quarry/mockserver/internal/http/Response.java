package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A JSON response, with the extra headers a product sends (such as rate-limit headers).
 *
 * @param status the HTTP status
 * @param body the JSON body
 * @param headers extra response headers, by name
 */
public record Response(int status, JsonNode body, Map<String, String> headers) {

    /** Copies the headers. */
    public Response {
        headers = Map.copyOf(headers);
    }

    /**
     * A response without extra headers.
     *
     * @param status the HTTP status
     * @param body the JSON body
     */
    public Response(int status, JsonNode body) {
        this(status, body, Map.of());
    }

    /**
     * @param extra headers to add (replacing ones of the same name)
     * @return this response with them
     */
    public Response withHeaders(Map<String, String> extra) {
        Map<String, String> merged = new LinkedHashMap<>(headers);
        merged.putAll(extra);
        return new Response(status, body, merged);
    }

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
