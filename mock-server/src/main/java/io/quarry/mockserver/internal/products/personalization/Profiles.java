package io.quarry.mockserver.internal.products.personalization;

import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.TrackedEvent;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds user profiles from the tracked events: each event of the user that the strategy scores adds its event
 * score to the values, of the facets the strategy scores, of the records it names (read from the event's index
 * as they are now) or of the {@code attribute:value} filters it names. A value's score is bounded to
 * {@value Profile#MAX_SCORE}. Events up to the user's deletion time are ignored.
 */
final class Profiles {

    private final Application app;
    private final PersonalizationState state;

    Profiles(Application app, PersonalizationState state) {
        this.app = app;
        this.state = state;
    }

    /**
     * {@return the user's profile, or {@code null} when no event of the user counts (never seen, or deleted since)}
     *
     * @param userToken a user
     */
    Profile of(String userToken) {
        long deletedUntil = state.deletedUntil(userToken);
        List<TrackedEvent> events = new ArrayList<>();
        for (TrackedEvent event : app.tracking().events()) {
            if (userToken.equals(event.userToken()) && event.timestamp() > deletedUntil) {
                events.add(event);
            }
        }
        if (events.isEmpty()) {
            return null;
        }
        long last = events.stream().mapToLong(TrackedEvent::timestamp).max().orElseThrow();
        Strategy strategy = state.strategy();
        Map<String, Map<String, Integer>> scores = new TreeMap<>();
        if (strategy != null) {
            for (TrackedEvent event : events) {
                int score = strategy.eventScore(event.eventName(), event.eventType());
                if (score > 0) {
                    facetValuesOf(event, strategy)
                            .forEach((facet, values) -> values.forEach(value -> scores.computeIfAbsent(
                                            facet, f -> new TreeMap<>())
                                    .merge(value, score, (a, b) -> (int) Math.min(Profile.MAX_SCORE, (long) a + b))));
                }
            }
            scores.values().forEach(values -> values.replaceAll((value, score) -> Math.min(Profile.MAX_SCORE, score)));
        }
        return new Profile(userToken, last, scores);
    }

    /** The values, of the strategy's facets, an event names: through its records or its filters. */
    private Map<String, Set<String>> facetValuesOf(TrackedEvent event, Strategy strategy) {
        Map<String, Set<String>> values = new TreeMap<>();
        for (String filter : event.filters()) {
            int colon = filter.indexOf(':');
            if (colon > 0) {
                String facet = unquote(decode(filter.substring(0, colon)));
                if (strategy.facetScore(facet) > 0) {
                    values.computeIfAbsent(facet, f -> new LinkedHashSet<>())
                            .add(unquote(decode(filter.substring(colon + 1))));
                }
            }
        }
        IndexState index = event.objectIDs().isEmpty() ? null : app.find(event.index());
        if (index != null) {
            for (String objectID : event.objectIDs()) {
                ObjectNode record = index.data().get(objectID);
                if (record == null) {
                    continue;
                }
                for (Strategy.FacetScore facet : strategy.facets()) {
                    Set<String> found = new LinkedHashSet<>();
                    collect(valueAt(record, facet.facetName()), found);
                    if (!found.isEmpty()) {
                        values.computeIfAbsent(facet.facetName(), f -> new LinkedHashSet<>())
                                .addAll(found);
                    }
                }
            }
        }
        return values;
    }

    /** The value at an attribute name, or a dotted path into nested objects. */
    private static JsonNode valueAt(ObjectNode record, String attribute) {
        if (record.has(attribute)) {
            return record.get(attribute);
        }
        JsonNode node = record;
        for (String part : attribute.split("\\.", -1)) {
            node = node == null || !node.isObject() ? null : node.get(part);
        }
        return node;
    }

    /** Strings, numbers and booleans as their text; arrays one level deep. */
    private static void collect(JsonNode value, Set<String> into) {
        if (value == null || value.isNull()) {
            return;
        }
        if (value.isArray()) {
            for (JsonNode item : value) {
                if (item.isValueNode() && !item.isNull()) {
                    into.add(item.asString());
                }
            }
        } else if (value.isValueNode()) {
            into.add(value.asString());
        }
    }

    private static String decode(String text) {
        if (!text.contains("%")) {
            return text;
        }
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notEncoded) {
            return text;
        }
    }

    private static String unquote(String text) {
        String trimmed = text.trim();
        return trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\"")
                ? trimmed.substring(1, trimmed.length() - 1)
                : trimmed;
    }
}
