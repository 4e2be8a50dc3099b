package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.text.UrlText;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * The parameters of one request, merged from the URL-encoded {@code params} string, the explicit members of the
 * body (which win over the string) and the parameters forced by the caller's key (which win over both). Values
 * from a URL string stay strings until a typed getter converts them; a bad value is a 400.
 */
public final class RequestParams {

    private final Map<String, JsonNode> values;
    private final RequestParams original;

    private RequestParams(Map<String, JsonNode> values, RequestParams original) {
        this.values = values;
        this.original = original;
    }

    /** {@return the parameters as the request and the key set them, before any rule changed them} */
    public RequestParams original() {
        return original == null ? this : original;
    }

    /**
     * {@return the merged parameters; {@link #encode()} still reports these parameters, not the overrides}
     *
     * @param overrides parameters that override these (from rules); unknown names are ignored
     * @param forced parameters that override everything (from the key); may be null
     * @param known the names this operation understands
     */
    public RequestParams with(Map<String, JsonNode> overrides, ObjectNode forced, Set<String> known) {
        Map<String, JsonNode> merged = new LinkedHashMap<>(values);
        overrides.forEach((name, value) -> {
            if (known.contains(name)) {
                merged.put(name, value);
            }
        });
        if (forced != null) {
            for (Map.Entry<String, JsonNode> entry : forced.properties()) {
                if (entry.getKey().equals("params") && entry.getValue().isString()) {
                    decode(entry.getValue().asString()).forEach((name, value) -> {
                        if (known.contains(name)) {
                            merged.put(name, value);
                        }
                    });
                } else if (known.contains(entry.getKey())) {
                    merged.put(entry.getKey(), entry.getValue());
                }
            }
        }
        return new RequestParams(merged, original());
    }

    /**
     * {@return the merged parameters}
     *
     * @param request the request body (may hold {@code params})
     * @param forced parameters that override the request's; may be null
     * @param known the names this operation understands; others are ignored, or rejected when strict
     * @param strict whether an unknown parameter is a 400
     */
    public static RequestParams parse(ObjectNode request, ObjectNode forced, Set<String> known, boolean strict) {
        Map<String, JsonNode> merged = new LinkedHashMap<>();
        if (request != null) {
            JsonNode params = request.get("params");
            if (params != null && !params.isNull()) {
                if (!params.isString()) {
                    throw new EngineException(400, "params must be a URL-encoded string");
                }
                merged.putAll(decode(params.asString()));
            }
            for (Map.Entry<String, JsonNode> entry : request.properties()) {
                if (!entry.getKey().equals("params")) {
                    merged.put(entry.getKey(), entry.getValue());
                }
            }
        }
        if (forced != null) {
            for (Map.Entry<String, JsonNode> entry : forced.properties()) {
                if (entry.getKey().equals("params") && entry.getValue().isString()) {
                    merged.putAll(decode(entry.getValue().asString()));
                } else {
                    merged.put(entry.getKey(), entry.getValue());
                }
            }
        }
        Map<String, JsonNode> accepted = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : merged.entrySet()) {
            if (known.contains(entry.getKey())) {
                accepted.put(entry.getKey(), entry.getValue());
            } else if (strict) {
                throw new EngineException(400, "Unknown parameter: " + entry.getKey());
            }
        }
        return new RequestParams(accepted, null);
    }

    /**
     * {@return its parameters in order, as string nodes}
     *
     * @param query a URL-encoded query string ({@code +} and {@code %20} are spaces)
     */
    public static Map<String, JsonNode> decode(String query) {
        Map<String, JsonNode> decoded = new LinkedHashMap<>();
        if (query == null || query.isEmpty()) {
            return decoded;
        }
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                decoded.put(UrlText.decode(key, true), StringNode.valueOf(UrlText.decode(value, true)));
            } catch (IllegalArgumentException e) {
                throw new EngineException(400, "Invalid URL encoding in params (" + e.getMessage() + "): " + pair);
            }
        }
        return decoded;
    }

    /**
     * {@return whether the request set it}
     *
     * @param name a parameter name
     */
    public boolean has(String name) {
        JsonNode value = values.get(name);
        return value != null && !value.isNull();
    }

    /**
     * {@return the raw value, or {@code null}}
     *
     * @param name a parameter name
     */
    public JsonNode raw(String name) {
        JsonNode value = values.get(name);
        return value == null || value.isNull() ? null : value;
    }

    /**
     * {@return the value as text}
     *
     * @param name a parameter name
     * @param fallback the value when unset
     */
    public String string(String name, String fallback) {
        JsonNode value = raw(name);
        if (value == null) {
            return fallback;
        }
        return value.isString() ? value.asString() : value.toString();
    }

    /**
     * {@return the value as an integer}
     *
     * @param name a parameter name
     * @param fallback the value when unset
     */
    public int integer(String name, int fallback) {
        JsonNode value = raw(name);
        return value == null ? fallback : toInt(name, value);
    }

    /**
     * {@return the value as an integer, or a 400}
     *
     * @param name a parameter name
     * @param value its value
     */
    public static int toInt(String name, JsonNode value) {
        if (value.isIntegralNumber() && value.canConvertToInt()) {
            return value.asInt();
        }
        if (value.isString()) {
            try {
                return Integer.parseInt(value.asString().trim());
            } catch (NumberFormatException e) {
                // Falls through to the 400 below.
            }
        }
        throw new EngineException(400, "Invalid value for \"" + name + "\" parameter, expected integer");
    }

    /**
     * {@return the value as a boolean}
     *
     * @param name a parameter name
     * @param fallback the value when unset
     */
    public boolean bool(String name, boolean fallback) {
        JsonNode value = raw(name);
        return value == null ? fallback : toBool(name, value);
    }

    /**
     * {@return the value as a boolean, or a 400}
     *
     * @param name a parameter name
     * @param value its value
     */
    public static boolean toBool(String name, JsonNode value) {
        if (value.isBoolean()) {
            return value.asBoolean();
        }
        if (value.isString()) {
            switch (value.asString().trim()) {
                case "true", "1" -> {
                    return true;
                }
                case "false", "0" -> {
                    return false;
                }
                default -> {
                    // Reported below.
                }
            }
        }
        if (value.isIntegralNumber()) {
            return !value.asString().equals("0");
        }
        throw new EngineException(400, "Invalid value for \"" + name + "\" parameter, expected boolean");
    }

    /**
     * {@return the value as a list of strings (a JSON array, or a comma-separated string), or {@code null} when
     *     unset}
     *
     * @param name a parameter name
     */
    public List<String> stringList(String name) {
        JsonNode value = raw(name);
        return value == null ? null : toStringList(name, value);
    }

    /**
     * {@return the value as a list of strings}
     *
     * @param name a parameter name
     * @param value its value
     */
    public static List<String> toStringList(String name, JsonNode value) {
        JsonNode node = asStructured(name, value);
        List<String> list = new ArrayList<>();
        if (node.isArray()) {
            for (JsonNode element : node) {
                if (!element.isNull()) {
                    list.add(element.isString() ? element.asString() : element.toString());
                }
            }
        } else if (node.isString()) {
            for (String part : node.asString().split(",")) {
                if (!part.trim().isEmpty()) {
                    list.add(part.trim());
                }
            }
        } else {
            list.add(node.toString());
        }
        return list;
    }

    /**
     * Turns a string holding a JSON array into that array; other values are returned as they are.
     *
     * @param name a parameter name, for the error message
     * @param value its value
     * @return the structured value
     */
    public static JsonNode asStructured(String name, JsonNode value) {
        if (value.isString()) {
            String text = value.asString().trim();
            if (text.startsWith("[")) {
                try {
                    JsonNode parsed = Mapper.INSTANCE.readTree(text);
                    if (parsed instanceof ArrayNode) {
                        return parsed;
                    }
                } catch (JacksonException e) {
                    throw new EngineException(400, "Invalid JSON array for \"" + name + "\" parameter");
                }
            }
        }
        return value;
    }

    /**
     * {@return the parameters of the request and the key as a URL-encoded string (strings as they are, other values
     *     as JSON)}
     */
    public String encode() {
        if (original != null) {
            return original.encode();
        }
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, JsonNode> entry : values.entrySet()) {
            if (entry.getValue().isNull()) {
                continue;
            }
            if (out.length() > 0) {
                out.append('&');
            }
            String text = entry.getValue().isString()
                    ? entry.getValue().asString()
                    : entry.getValue().toString();
            out.append(urlEncode(entry.getKey())).append('=').append(urlEncode(text));
        }
        return out.toString();
    }

    /** {@return the parameters as a JSON object (for cursors)} */
    public ObjectNode toObject() {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        values.forEach(object::set);
        return object;
    }

    private static String urlEncode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The mapper for parameters given as JSON array text, built on first use: a mock server that never needs it never pays for it. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = JsonMapper.builder().build();

        private Mapper() {}
    }
}
