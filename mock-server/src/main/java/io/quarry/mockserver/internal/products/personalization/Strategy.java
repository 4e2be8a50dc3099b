package io.quarry.mockserver.internal.products.personalization;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A validated personalization strategy: how much each event counts, how much each facet counts, and the impact.
 *
 * @param events the scored events
 * @param facets the scored facets
 * @param impact the personalization impact, 0 (disabled) to 100
 */
record Strategy(List<EventScore> events, List<FacetScore> facets, int impact) {

    /** Bounds each list, so a strategy stays small. */
    static final int MAX_ENTRIES = 100;

    private static final Set<String> EVENT_TYPES = Set.of("click", "conversion", "view");

    /**
     * How much one kind of event counts.
     *
     * @param eventName the event's name
     * @param eventType click, conversion or view
     * @param score any integer (only a positive event score adds to a profile)
     */
    record EventScore(String eventName, String eventType, int score) {}

    /**
     * How much one facet counts.
     *
     * @param facetName the facet attribute
     * @param score any integer (a profile value's filter score is its score x this / 100, kept when positive)
     */
    record FacetScore(String facetName, int score) {}

    /**
     * {@return the score of that event (its first entry), 0 when the strategy does not count it}
     *
     * @param eventName an event's name
     * @param eventType its type
     */
    int eventScore(String eventName, String eventType) {
        for (EventScore event : events) {
            if (event.eventName().equals(eventName) && event.eventType().equals(eventType)) {
                return event.score();
            }
        }
        return 0;
    }

    /**
     * {@return its score (its first entry), 0 when the strategy does not count it}
     *
     * @param facetName a facet attribute
     */
    int facetScore(String facetName) {
        for (FacetScore facet : facets) {
            if (facet.facetName().equals(facetName)) {
                return facet.score();
            }
        }
        return 0;
    }

    /**
     * Reads and validates a strategy as sent.
     *
     * @param body the request body
     * @return the strategy
     * @throws ApiException 422 naming the first invalid member
     */
    static Strategy parse(ObjectNode body) {
        ArrayNode eventsNode = requiredArray(body, "eventsScoring");
        ArrayNode facetsNode = requiredArray(body, "facetsScoring");
        JsonNode impactNode = body.get("personalizationImpact");
        if (impactNode == null || impactNode.isNull()) {
            throw invalid("personalizationImpact is required");
        }
        int impact = integer(impactNode, "personalizationImpact", 0, 100);
        List<EventScore> events = new ArrayList<>();
        for (int i = 0; i < eventsNode.size(); i++) {
            String where = "eventsScoring[" + i + "]";
            JsonNode item = object(eventsNode.get(i), where);
            String type = text(item, where + ".eventType");
            if (!EVENT_TYPES.contains(type)) {
                throw invalid(where + ".eventType must be one of click, conversion, view (got \"" + type + "\")");
            }
            events.add(
                    new EventScore(text(item, where + ".eventName"), type, score(item.get("score"), where + ".score")));
        }
        List<FacetScore> facets = new ArrayList<>();
        for (int i = 0; i < facetsNode.size(); i++) {
            String where = "facetsScoring[" + i + "]";
            JsonNode item = object(facetsNode.get(i), where);
            facets.add(new FacetScore(text(item, where + ".facetName"), score(item.get("score"), where + ".score")));
        }
        return new Strategy(List.copyOf(events), List.copyOf(facets), impact);
    }

    /** {@return the strategy as the service returns it} */
    ObjectNode toJson() {
        ObjectNode json = Json.object();
        ArrayNode eventsJson = json.putArray("eventsScoring");
        events.forEach(event -> eventsJson
                .addObject()
                .put("eventName", event.eventName())
                .put("eventType", event.eventType())
                .put("score", event.score()));
        ArrayNode facetsJson = json.putArray("facetsScoring");
        facets.forEach(facet ->
                facetsJson.addObject().put("facetName", facet.facetName()).put("score", facet.score()));
        json.put("personalizationImpact", impact);
        return json;
    }

    private static ArrayNode requiredArray(ObjectNode body, String member) {
        JsonNode node = body.get(member);
        if (node == null || node.isNull()) {
            throw invalid(member + " is required");
        }
        if (!node.isArray()) {
            throw invalid(member + " must be an array");
        }
        if (node.size() > MAX_ENTRIES) {
            throw invalid(member + " holds at most " + MAX_ENTRIES + " entries (got " + node.size() + ")");
        }
        return (ArrayNode) node;
    }

    private static JsonNode object(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw invalid(where + " must be an object");
        }
        return node;
    }

    private static String text(JsonNode item, String where) {
        String member = where.substring(where.lastIndexOf('.') + 1);
        JsonNode node = item.get(member);
        if (node == null || !node.isString() || node.asString().isBlank()) {
            throw invalid(where + " is required (a non-empty string)");
        }
        return node.asString();
    }

    /** A score: any integer, the service states no range for it. */
    private static int score(JsonNode node, String where) {
        return integer(node, where, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** An integer from {@code min} to {@code max}. */
    private static int integer(JsonNode node, String where, int min, int max) {
        if (node == null || node.isNull()) {
            throw invalid(where + " is required");
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw invalid(where + " must be an integer (got " + node + ")");
        }
        if (node.asInt() < min || node.asInt() > max) {
            throw invalid(where + " must be an integer from " + min + " to " + max + " (got " + node + ")");
        }
        return node.asInt();
    }

    private static ApiException invalid(String message) {
        return new ApiException(422, message);
    }
}
