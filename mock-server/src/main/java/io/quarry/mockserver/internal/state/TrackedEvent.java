package io.quarry.mockserver.internal.state;

import java.util.List;

/**
 * One accepted insights event (click, view or conversion), as analytics and personalization read it.
 *
 * @param timestamp when it happened, epoch milliseconds (the event's own {@code timestamp}, else its arrival)
 * @param eventType {@code click}, {@code view} or {@code conversion}
 * @param eventSubtype {@code addToCart} or {@code purchase} for conversions, or {@code null}
 * @param eventName the event's name
 * @param index the index it concerns
 * @param userToken the user
 * @param queryID the query ID of the search it follows, or {@code null}
 * @param objectIDs the records it names (empty when it names filters)
 * @param filters the {@code attribute:value} filters it names (empty when it names records)
 * @param positions the absolute click positions, one per objectID (empty for none)
 */
public record TrackedEvent(
        long timestamp,
        String eventType,
        String eventSubtype,
        String eventName,
        String index,
        String userToken,
        String queryID,
        List<String> objectIDs,
        List<String> filters,
        List<Integer> positions) {

    /** Copies the lists. */
    public TrackedEvent {
        objectIDs = List.copyOf(objectIDs);
        filters = List.copyOf(filters);
        positions = List.copyOf(positions);
    }
}
