package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.internal.state.tracking.SearchAnalytics;
import io.quarry.mockserver.internal.state.tracking.UserEvents;
import java.time.Clock;
import java.util.Collection;
import java.util.function.Function;

/**
 * What the application has seen of its users: the searches run and the events received. The search product and
 * the insights product write here; analytics, personalization and query suggestions read from here, so one
 * server runs the whole tracking pipeline. Nothing is kept as a log: searches are counted as they arrive into
 * compact statistics per index, day and tag set ({@link SearchAnalytics}), events are added to the searches they
 * follow and grouped per user ({@link UserEvents}); each structure is bounded, so a long-running server's memory
 * stays flat, and a read costs what the statistics it reads hold, not what the traffic was. Thread-safe: one lock
 * guards writes and reads.
 */
public final class Tracking {

    private final Clock clock;
    /**
     * Made on the first search, event or read (under the lock): its set-up is about 10 ms of a fresh JVM's start,
     * which a server whose first requests search nothing need not pay before answering them.
     */
    private SearchAnalytics searches;

    private final UserEvents userEvents = new UserEvents();

    /** @param clock the server's clock, which decides the current day and when keystrokes are final */
    public Tracking(Clock clock) {
        this.clock = clock;
    }

    /** @param search a search that just ran */
    public void recordSearch(TrackedSearch search) {
        long now = clock.millis();
        synchronized (this) {
            searches().record(search, now);
        }
    }

    /** @param accepted events accepted together, in order */
    public synchronized void recordEvents(Collection<TrackedEvent> accepted) {
        for (TrackedEvent event : accepted) {
            searches().event(event);
            userEvents.add(event);
        }
    }

    /**
     * {@return what a read of the searches computes, under the lock (so it should be quick)}
     *
     * @param read reads the statistics (the pending searches of its read are counted as of now)
     * @param <T> the result
     */
    public synchronized <T> T readSearches(Function<SearchAnalytics, T> read) {
        return read.apply(searches());
    }

    /**
     * {@return what a read of the users' events computes, under the lock}
     *
     * @param read reads the events
     * @param <T> the result
     */
    public synchronized <T> T readUserEvents(Function<UserEvents, T> read) {
        return read.apply(userEvents);
    }

    /** {@return the current time of the server's clock} */
    public long nowMillis() {
        return clock.millis();
    }

    /**
     * Forgets the events of a user received so far (its profile is deleted); the searches keep their clicks.
     *
     * @param userToken a user
     */
    public synchronized void forgetUserEvents(String userToken) {
        userEvents.forget(userToken);
    }

    /** Forgets every search and event. */
    public synchronized void clear() {
        if (searches != null) {
            searches.clear();
        }
        userEvents.clear();
    }

    private SearchAnalytics searches() {
        if (searches == null) {
            searches = new SearchAnalytics();
        }
        return searches;
    }
}
