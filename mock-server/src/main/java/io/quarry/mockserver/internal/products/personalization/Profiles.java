package io.quarry.mockserver.internal.products.personalization;

import io.quarry.mockserver.engine.internal.text.UrlText;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.tracking.UserEvents;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds user profiles from the user's tracked events (grouped, see {@link UserEvents}): each event of the user
 * that the strategy scores adds its event score to the values, of the facets the strategy scores above 0, of the
 * records it names (read from the event's index as they are now, each once per profile) or of the
 * {@code attribute:value} filters it names. A value's score is bounded to {@value Profile#MAX_SCORE}, a record gives
 * each facet its first {@value #MAX_RECORD_VALUES} values, and a facet keeps its {@value Profile#MAX_VALUES}
 * highest-scoring values. Events timestamped before the user's deletion time are ignored.
 */
final class Profiles {

    /**
     * The most values one record gives a facet, the first in the record's order: a record may hold thousands in
     * one attribute, and each of a user's events may name it again.
     */
    static final int MAX_RECORD_VALUES = 100;

    /** Reads a record as it is now: package-private so that a test can count the reads. */
    interface RecordSource {
        /**
         * {@return the record, or {@code null} when it or its index is gone}
         *
         * @param indexName the index an event names
         * @param objectID a record the event names
         */
        ObjectNode read(String indexName, String objectID);
    }

    private final Application app;
    private final PersonalizationState state;
    private final RecordSource source;

    Profiles(Application app, PersonalizationState state) {
        this(app, state, (indexName, objectID) -> {
            IndexState index = app.find(indexName);
            return index == null ? null : index.data().get(objectID);
        });
    }

    Profiles(Application app, PersonalizationState state, RecordSource source) {
        this.app = app;
        this.state = state;
        this.source = source;
    }

    /**
     * {@return the user's profile, or {@code null} when no event of the user counts (never seen, or deleted since)}
     *
     * @param userToken a user
     */
    Profile of(String userToken) {
        long deletedUntil = state.deletedUntil(userToken);
        List<UserEvents.Group> groups = app.tracking().readUserEvents(events -> events.of(userToken));
        long last = Long.MIN_VALUE;
        Map<UserEvents.Key, Integer> counted = new LinkedHashMap<>();
        for (UserEvents.Group group : groups) {
            int count = 0;
            for (long timestamp : group.timestamps()) {
                // an event received after the deletion in its very millisecond starts the new profile
                if (timestamp >= deletedUntil) {
                    count++;
                    last = Math.max(last, timestamp);
                }
            }
            if (count > 0) {
                counted.put(group.key(), count);
            }
        }
        if (counted.isEmpty()) {
            return null;
        }
        Strategy strategy = state.strategy();
        Map<String, Map<String, Long>> sums = new TreeMap<>();
        if (strategy != null) {
            // a record named by many events is read once
            Map<List<String>, Map<String, Set<String>>> records = new HashMap<>();
            counted.forEach((key, count) -> {
                int score = strategy.eventScore(key.eventName(), key.eventType());
                if (score > 0) {
                    // each event of the group adds its score once to each value it names
                    long added = (long) score * count;
                    facetValuesOf(key, strategy, records)
                            .forEach((facet, values) ->
                                    values.forEach(value -> sums.computeIfAbsent(facet, f -> new TreeMap<>())
                                            .merge(value, added, (a, b) -> Math.min(Profile.MAX_SCORE, a + b))));
                }
            });
        }
        Map<String, Map<String, Integer>> scores = new TreeMap<>();
        sums.forEach((facet, values) -> scores.put(facet, best(values)));
        return new Profile(userToken, last, scores);
    }

    /** The values' scores, capped, of the {@value Profile#MAX_VALUES} best values (ties in value order). */
    private static Map<String, Integer> best(Map<String, Long> sums) {
        List<Map.Entry<String, Long>> ranked = new ArrayList<>(sums.entrySet());
        // a stable sort of entries in value order: ties stay in value order
        ranked.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        Map<String, Integer> kept = new TreeMap<>();
        for (Map.Entry<String, Long> value : ranked.subList(0, Math.min(Profile.MAX_VALUES, ranked.size()))) {
            kept.put(value.getKey(), (int) Math.min(Profile.MAX_SCORE, value.getValue()));
        }
        return kept;
    }

    /**
     * The values, of the strategy's facets, an event names: through its records or its filters.
     *
     * @param records each record's values already read, by index and objectID; read records are added
     */
    private Map<String, Set<String>> facetValuesOf(
            UserEvents.Key event, Strategy strategy, Map<List<String>, Map<String, Set<String>>> records) {
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
        for (String objectID : event.objectIDs()) {
            recordValues(event.index(), objectID, strategy, records)
                    .forEach((facet, found) -> values.computeIfAbsent(facet, f -> new LinkedHashSet<>())
                            .addAll(found));
        }
        return values;
    }

    /** A record's values of the strategy's facets, at most {@value #MAX_RECORD_VALUES} a facet; empty when gone. */
    private Map<String, Set<String>> recordValues(
            String indexName, String objectID, Strategy strategy, Map<List<String>, Map<String, Set<String>>> records) {
        return records.computeIfAbsent(List.of(indexName, objectID), key -> {
            ObjectNode record = source.read(indexName, objectID);
            Map<String, Set<String>> values = new TreeMap<>();
            if (record != null) {
                for (Strategy.FacetScore facet : strategy.facets()) {
                    Set<String> found = new LinkedHashSet<>();
                    if (strategy.facetScore(facet.facetName()) > 0) {
                        collect(valueAt(record, facet.facetName()), found);
                    }
                    if (!found.isEmpty()) {
                        values.put(facet.facetName(), found);
                    }
                }
            }
            return values;
        });
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

    /** Strings, numbers and booleans as their text; arrays one level deep, their first values only. */
    private static void collect(JsonNode value, Set<String> into) {
        if (value == null || value.isNull()) {
            return;
        }
        if (value.isArray()) {
            for (JsonNode item : value) {
                if (into.size() == MAX_RECORD_VALUES) {
                    return;
                }
                if (item.isValueNode() && !item.isNull()) {
                    into.add(item.asString());
                }
            }
        } else if (value.isValueNode()) {
            into.add(value.asString());
        }
    }

    /** A filter's attribute or value, URL-encoded ({@code +} is itself); the insights API took only such. */
    private static String decode(String text) {
        return UrlText.decode(text, false);
    }

    private static String unquote(String text) {
        String trimmed = text.trim();
        return trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\"")
                ? trimmed.substring(1, trimmed.length() - 1)
                : trimmed;
    }
}
