package io.quarry.mockserver.internal.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the application has seen of its users: the searches run and the events received. The search product and
 * the insights product write here; analytics, personalization and query suggestions read from here, so one
 * server runs the whole tracking pipeline. Each log keeps its newest {@value #CAPACITY} entries (the oldest are
 * dropped first), so a long-running server's memory stays bounded. Thread-safe; reads return snapshots.
 */
public final class Tracking {

    /** How many searches, and how many events, are kept. */
    public static final int CAPACITY = 200_000;

    private final ArrayDeque<TrackedSearch> searches = new ArrayDeque<>();
    private final Map<String, TrackedSearch> byQueryId = new HashMap<>();
    private final ArrayDeque<TrackedEvent> events = new ArrayDeque<>();

    /** @param search a search that just ran */
    public synchronized void recordSearch(TrackedSearch search) {
        if (searches.size() == CAPACITY) {
            TrackedSearch dropped = searches.removeFirst();
            if (dropped.queryID() != null) {
                byQueryId.remove(dropped.queryID());
            }
        }
        searches.addLast(search);
        if (search.queryID() != null) {
            byQueryId.put(search.queryID(), search);
        }
    }

    /** @param accepted events accepted together, in order */
    public synchronized void recordEvents(Collection<TrackedEvent> accepted) {
        for (TrackedEvent event : accepted) {
            if (events.size() == CAPACITY) {
                events.removeFirst();
            }
            events.addLast(event);
        }
    }

    /** {@return every kept search, oldest first} */
    public synchronized List<TrackedSearch> searches() {
        return new ArrayList<>(searches);
    }

    /**
     * {@return that search, or {@code null} when it is unknown (or no longer kept)}
     *
     * @param queryID a query ID returned by a search
     */
    public synchronized TrackedSearch searchWithQueryId(String queryID) {
        return byQueryId.get(queryID);
    }

    /** {@return every kept event, in the order received} */
    public synchronized List<TrackedEvent> events() {
        return new ArrayList<>(events);
    }

    /** Forgets every search and event. */
    public synchronized void clear() {
        searches.clear();
        byQueryId.clear();
        events.clear();
    }
}
