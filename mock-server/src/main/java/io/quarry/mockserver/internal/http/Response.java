package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.BinaryNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A response: a JSON body, or (for the few endpoints that answer JSON Lines) an array written one element a line,
 * with the extra headers a product sends (such as rate-limit headers).
 *
 * @param status the HTTP status
 * @param body the JSON body; for {@link Format#JSON_LINES}, the array of lines
 * @param format how the body is written
 * @param headers extra response headers, by name
 */
public record Response(int status, JsonNode body, Format format, Map<String, String> headers) {

    /** How a body goes on the wire. */
    public enum Format {
        /** One JSON document, {@code application/json}. */
        JSON,
        /** Each element of an array on its own line, {@code application/x-ndjson}. */
        JSON_LINES,
        /** The bytes of a binary node as they are, with the {@code Content-Type} its headers give (a file). */
        BYTES
    }

    /** Copies the headers. */
    public Response {
        headers = Map.copyOf(headers);
    }

    /**
     * A JSON response without extra headers.
     *
     * @param status the HTTP status
     * @param body the JSON body
     */
    public Response(int status, JsonNode body) {
        this(status, body, Format.JSON, Map.of());
    }

    /**
     * {@return this response with them}
     *
     * @param extra headers to add (replacing ones of the same name)
     */
    public Response withHeaders(Map<String, String> extra) {
        Map<String, String> merged = new LinkedHashMap<>(headers);
        merged.putAll(extra);
        return new Response(status, body, format, merged);
    }

    /**
     * {@return a 200}
     *
     * @param body the body
     */
    public static Response ok(JsonNode body) {
        return new Response(200, body);
    }

    /**
     * {@return a 200 in JSON Lines}
     *
     * @param lines the lines, each written as one line of JSON
     */
    public static Response jsonLines(ArrayNode lines) {
        return new Response(200, lines, Format.JSON_LINES, Map.of());
    }

    /**
     * {@return a 200 carrying a file's bytes}
     *
     * @param bytes the file's content
     * @param contentType its media type
     * @param headers other headers to send
     */
    public static Response file(byte[] bytes, String contentType, Map<String, String> headers) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("Content-Type", contentType);
        return new Response(200, BinaryNode.valueOf(bytes), Format.BYTES, all);
    }

    /**
     * {@return a 201}
     *
     * @param body the body
     */
    public static Response created(JsonNode body) {
        return new Response(201, body);
    }

    /**
     * {@return the error body the service sends}
     *
     * @param status a 4xx status
     * @param message the message
     */
    public static Response error(int status, String message) {
        ObjectNode body = Json.object();
        body.put("message", message);
        body.put("status", status);
        return new Response(status, body);
    }
}
