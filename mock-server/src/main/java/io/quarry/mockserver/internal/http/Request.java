package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One HTTP request as the handlers see it: decoded query parameters, headers by case-insensitive name, the body
 * (already gunzipped) and, once routed, the decoded path parameters.
 */
public final class Request {

    private final String method;
    private final String rawPath;
    private final String rawQuery;
    private final Map<String, String> query;
    private final Map<String, String> headers;
    private final byte[] body;
    private final Map<String, String> pathParams;
    private final String remoteAddress;
    private final Map<Class<?>, Object> attributes;

    /**
     * @param method the HTTP method
     * @param rawPath the raw (encoded) path
     * @param rawQuery the raw query string, or {@code null}
     * @param headers the first value of each header
     * @param body the request body, possibly empty
     */
    public Request(String method, String rawPath, String rawQuery, Map<String, String> headers, byte[] body) {
        this(method, rawPath, rawQuery, headers, body, "127.0.0.1");
    }

    /**
     * @param method the HTTP method
     * @param rawPath the raw (encoded) path
     * @param rawQuery the raw query string, or {@code null}
     * @param headers the first value of each header
     * @param body the request body, possibly empty
     * @param remoteAddress the caller's IP address
     */
    public Request(
            String method,
            String rawPath,
            String rawQuery,
            Map<String, String> headers,
            byte[] body,
            String remoteAddress) {
        this(
                method,
                rawPath,
                rawQuery,
                PathCodec.parseQuery(rawQuery),
                caseInsensitive(headers),
                body,
                Map.of(),
                remoteAddress,
                Map.of());
    }

    private Request(
            String method,
            String rawPath,
            String rawQuery,
            Map<String, String> query,
            Map<String, String> headers,
            byte[] body,
            Map<String, String> pathParams,
            String remoteAddress,
            Map<Class<?>, Object> attributes) {
        this.method = method;
        this.rawPath = rawPath;
        this.rawQuery = rawQuery;
        this.query = query;
        this.headers = headers;
        this.body = body;
        this.pathParams = pathParams;
        this.remoteAddress = remoteAddress;
        this.attributes = attributes;
    }

    private static Map<String, String> caseInsensitive(Map<String, String> headers) {
        Map<String, String> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        map.putAll(headers);
        return Collections.unmodifiableMap(map);
    }

    /**
     * {@return this request with them}
     *
     * @param params the decoded path parameters of the matched route
     */
    public Request withPathParams(Map<String, String> params) {
        return new Request(
                method, rawPath, rawQuery, query, headers, body, Map.copyOf(params), remoteAddress, attributes);
    }

    /**
     * {@return this request with it}
     *
     * @param body the body, read once the request was authenticated
     */
    public Request withBody(byte[] body) {
        return new Request(method, rawPath, rawQuery, query, headers, body, pathParams, remoteAddress, attributes);
    }

    /**
     * {@return this request carrying it}
     *
     * @param type what the value is, e.g. the authenticated caller's class
     * @param value the value
     * @param <T> its type
     */
    public <T> Request with(Class<T> type, T value) {
        Map<Class<?>, Object> copy = new HashMap<>(attributes);
        copy.put(type, value);
        return new Request(
                method, rawPath, rawQuery, query, headers, body, pathParams, remoteAddress, Map.copyOf(copy));
    }

    /**
     * {@return the value, or {@code null} when none was attached}
     *
     * @param type a type given to {@link #with}
     * @param <T> its type
     */
    public <T> T get(Class<T> type) {
        return type.cast(attributes.get(type));
    }

    /** {@return the caller's IP address} */
    public String remoteAddress() {
        return remoteAddress;
    }

    /** {@return the decoded path parameters (empty before routing)} */
    public Map<String, String> pathParams() {
        return pathParams;
    }

    /** {@return the body's bytes, not copied: to read, never to change} */
    public byte[] bodyBytes() {
        return body;
    }

    /** {@return the body's size in bytes} */
    public int bodySize() {
        return body.length;
    }

    /**
     * {@return the start of the body as UTF-8 text, decoding no more than needed}
     *
     * @param maxChars the most characters wanted
     */
    public String bodyPrefix(int maxChars) {
        String text = new String(body, 0, (int) Math.min(body.length, 4L * maxChars), StandardCharsets.UTF_8);
        return text.length() <= maxChars ? text : text.substring(0, maxChars);
    }

    /** {@return the HTTP method, upper case} */
    public String method() {
        return method;
    }

    /** {@return the raw path} */
    public String rawPath() {
        return rawPath;
    }

    /** {@return the raw query string, or {@code null}} */
    public String rawQuery() {
        return rawQuery;
    }

    /** {@return the decoded query parameters} */
    public Map<String, String> query() {
        return query;
    }

    /**
     * {@return its first value, or {@code null}}
     *
     * @param name a header name, any case
     */
    public String header(String name) {
        return headers.get(name);
    }

    /**
     * {@return its decoded value}
     *
     * @param name a path placeholder name, e.g. {@code indexName}
     */
    public String path(String name) {
        String value = pathParams.get(name);
        if (value == null) {
            throw new IllegalStateException("route has no path parameter " + name);
        }
        return value;
    }

    /**
     * {@return the boolean value}
     *
     * @param name a query parameter name
     * @param defaultValue the value when absent
     * @throws ApiException 400 when the value is not a boolean
     */
    public boolean booleanParam(String name, boolean defaultValue) {
        String value = query.get(name);
        if (value == null || value.isEmpty()) {
            return defaultValue;
        }
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw ApiException.badRequest("Invalid value for " + name + ": expected a boolean");
    }

    /**
     * {@return the body as JSON; an empty body is {@code null}}
     *
     * @throws ApiException 400 for invalid JSON
     */
    public JsonNode jsonOrNull() {
        if (body.length == 0) {
            return null;
        }
        try {
            return Json.parse(body);
        } catch (JacksonException e) {
            throw ApiException.badRequest("Invalid JSON");
        }
    }

    /**
     * {@return the body as a JSON object; an empty body is an empty object}
     *
     * @throws ApiException 400 for invalid JSON or another JSON type
     */
    public ObjectNode jsonObject() {
        JsonNode node = jsonOrNull();
        if (node == null) {
            return Json.object();
        }
        if (!node.isObject()) {
            throw ApiException.badRequest("Invalid JSON: the body must be a JSON object");
        }
        return (ObjectNode) node;
    }

    /**
     * {@return the body as a JSON object, as {@link #jsonObject()} reads it, refused with another status than 400:
     *     for an API whose documents list no 400 for the call, only a 422 for what it cannot process}
     *
     * @param refusal the status of a body that is no JSON, or another JSON type
     * @throws ApiException with that status for invalid JSON or another JSON type
     */
    public ObjectNode jsonObject(int refusal) {
        try {
            return jsonObject();
        } catch (ApiException malformed) {
            throw new ApiException(refusal, malformed.getMessage());
        }
    }
}
