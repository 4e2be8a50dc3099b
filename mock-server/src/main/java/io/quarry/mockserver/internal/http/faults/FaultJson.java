package io.quarry.mockserver.internal.http.faults;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Sanitize;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads a fault rule from the control endpoint's JSON:
 * {@code {"method": "POST", "path": "/1/indexes/*}{@code /batch", "count": 3, "share": 0.5, "seed": 42,
 * "fault": {"type": "status", "status": 503, "headers": {"Retry-After": "1"}, "delayMs": 100}}}. Types:
 * {@code status}, {@code delay}, {@code closeBeforeResponse}, {@code closeMidResponse}, {@code truncatedBody},
 * {@code nonJsonBody}, {@code failAfterWrite}, {@code resetAfterWrite}.
 */
public final class FaultJson {

    /** The longest delay a fault may ask for, so a script cannot park a request for long. */
    public static final long MAX_DELAY_MILLIS = 60_000;

    private static final int MAX_HEADERS = 20;

    private static final List<String> RULE_MEMBERS = List.of("method", "path", "count", "share", "seed", "fault");
    private static final List<String> FAULT_MEMBERS = List.of("type", "status", "headers", "delayMs");

    private FaultJson() {}

    /**
     * {@return the rule's ID}
     *
     * @param body the rule as JSON
     * @param script where it is added
     * @throws ApiException 400 when the rule is malformed
     */
    public static long addTo(ObjectNode body, FaultScript script) {
        try {
            RuleMembers.requireKnown(body, "a fault rule", RULE_MEMBERS);
            FaultAction action = action(body.get("fault"));
            return script.add(
                    RuleMembers.method(body),
                    text(body, "path", "/**"),
                    (int) RuleMembers.wholeNumber(body, "count", 1, Integer.MAX_VALUE, -1),
                    RuleMembers.share(body, "share"),
                    RuleMembers.wholeNumber(body, "seed", Long.MIN_VALUE, Long.MAX_VALUE, 0),
                    action);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("Invalid fault: " + e.getMessage());
        }
    }

    /**
     * {@return what a fault object asks for: {@code {"type": "status", "status": 503, "headers": {...},
     * "delayMs": 100}}}
     *
     * @param fault the object
     * @throws IllegalArgumentException when it is missing or malformed
     */
    public static FaultAction action(JsonNode fault) {
        if (fault == null || !fault.isObject()) {
            throw new IllegalArgumentException("fault must be an object with a type");
        }
        RuleMembers.requireKnown(fault, "a fault", FAULT_MEMBERS);
        return new FaultAction(
                kind(text(fault, "type", null)),
                (int) RuleMembers.wholeNumber(fault, "status", Integer.MIN_VALUE, Integer.MAX_VALUE, 0),
                headers(fault.get("headers")),
                RuleMembers.wholeNumber(fault, "delayMs", 0, MAX_DELAY_MILLIS, 0));
    }

    /**
     * Refuses a member the object does not have, so that a misspelt one is not read as its default.
     *
     * @param object a rule's JSON object
     * @param what what it is, for the message
     * @param known the names of its members
     * @throws IllegalArgumentException naming the first member not among them
     */
    public static void requireKnownMembers(JsonNode object, String what, List<String> known) {
        RuleMembers.requireKnown(object, what, known);
    }

    /**
     * @param delayMillis a delay
     * @return it, when within 0..{@value #MAX_DELAY_MILLIS}
     */
    public static long delay(long delayMillis) {
        if (delayMillis < 0 || delayMillis > MAX_DELAY_MILLIS) {
            throw new IllegalArgumentException("the delay must be 0.." + MAX_DELAY_MILLIS + " ms");
        }
        return delayMillis;
    }

    private static String text(JsonNode node, String name, String fallback) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            if (fallback == null) {
                throw new IllegalArgumentException(name + " is required");
            }
            return fallback;
        }
        if (!value.isString()) {
            throw new IllegalArgumentException(name + " must be a string");
        }
        return value.stringValue();
    }

    private static Map<String, String> headers(JsonNode headers) {
        Map<String, String> map = new LinkedHashMap<>();
        if (headers == null || headers.isNull()) {
            return map;
        }
        if (!headers.isObject() || headers.size() > MAX_HEADERS) {
            throw new IllegalArgumentException("headers must be an object of at most " + MAX_HEADERS + " strings");
        }
        for (Map.Entry<String, JsonNode> header : headers.properties()) {
            if (!header.getValue().isString()) {
                throw new IllegalArgumentException(
                        "the value of header " + Sanitize.shortText(header.getKey()) + " must be a string");
            }
            map.put(header.getKey(), header.getValue().stringValue());
        }
        validateHeaders(map);
        return map;
    }

    /**
     * @param headers headers a fault adds
     * @throws IllegalArgumentException when a name or value holds characters a header cannot
     */
    public static void validateHeaders(Map<String, String> headers) {
        for (Map.Entry<String, String> header : headers.entrySet()) {
            String name = header.getKey();
            if (name.equalsIgnoreCase("Content-Length") || name.equalsIgnoreCase("Transfer-Encoding")) {
                throw new IllegalArgumentException("the header " + name
                        + " frames the answer, which the mock server does itself; a fault cannot set it");
            }
            if (!header.getKey().matches("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}")
                    || header.getValue().length() > 1000
                    || header.getValue().chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
                throw new IllegalArgumentException("invalid header " + Sanitize.shortText(header.getKey()));
            }
        }
    }

    private static FaultAction.Kind kind(String type) {
        for (FaultAction.Kind kind : FaultAction.Kind.values()) {
            if (typeName(kind).equals(type)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown fault type " + Sanitize.shortText(type));
    }

    /**
     * {@return its JSON name, e.g. {@code closeMidResponse}}
     *
     * @param kind a kind
     */
    public static String typeName(FaultAction.Kind kind) {
        StringBuilder name = new StringBuilder();
        boolean upper = false;
        for (char c : kind.name().toLowerCase(Locale.ROOT).toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                name.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return name.toString();
    }
}
