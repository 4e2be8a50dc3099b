package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.internal.state.TrackedSearch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The clicks and conversions each tracked search earned: events naming its query ID whose timestamp lies within
 * {@link #WINDOW} of the search (either side, to tolerate clocks that differ a little).
 */
final class ClickAttribution {

    /** How far from its search a click or conversion still counts. */
    static final Duration WINDOW = Duration.ofHours(1);

    private final Map<String, List<TrackedEvent>> byQueryId = new HashMap<>();

    ClickAttribution(List<TrackedEvent> events, String index) {
        for (TrackedEvent event : events) {
            if (event.queryID() != null
                    && event.index().equals(index)
                    && (event.eventType().equals("click") || event.eventType().equals("conversion"))) {
                byQueryId
                        .computeIfAbsent(event.queryID().toLowerCase(java.util.Locale.ROOT), k -> new ArrayList<>())
                        .add(event);
            }
        }
    }

    /**
     * {@return the click events counted for it (none for an untracked search)}
     *
     * @param search a search
     */
    List<TrackedEvent> clicks(TrackedSearch search) {
        return of(search, "click");
    }

    /**
     * {@return the conversion events counted for it (none for an untracked search)}
     *
     * @param search a search
     */
    List<TrackedEvent> conversions(TrackedSearch search) {
        return of(search, "conversion");
    }

    private List<TrackedEvent> of(TrackedSearch search, String type) {
        if (!search.tracked()) {
            return List.of();
        }
        List<TrackedEvent> found = new ArrayList<>();
        for (TrackedEvent event : byQueryId.getOrDefault(search.queryID(), List.of())) {
            if (event.eventType().equals(type)
                    && Math.abs(event.timestamp() - search.timestamp()) <= WINDOW.toMillis()) {
                found.add(event);
            }
        }
        return found;
    }
}
