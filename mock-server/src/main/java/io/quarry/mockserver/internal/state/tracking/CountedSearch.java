package io.quarry.mockserver.internal.state.tracking;

import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import java.util.List;

/**
 * One search on its way into the statistics: pending while a longer query of the same user may still make it a
 * keystroke, then counted (or discarded as a keystroke). A search made with {@code clickAnalytics} stays
 * reachable by its query ID after it is counted, with just enough to add later clicks and conversions to the rows
 * it was counted in: where it was counted, its page of hits and which of them earned events.
 */
final class CountedSearch {

    enum State {
        PENDING,
        COUNTED,
        DISCARDED
    }

    final long timestamp;
    final String index;
    final String query;
    final long nbHits;
    final TagSet tags;
    final long userHash;
    /** The page of hits, objectIDs interned, without duplicates. */
    final String[] objectIDs;

    final boolean tracked;
    /** The filters, interned; dropped once counted. */
    List<AppliedFilter> filters;
    /** The query as typed, for the keystroke rule; dropped once counted. */
    String typed;

    State state = State.PENDING;
    long epochDay;
    long seq;

    boolean clicked;
    boolean converted;
    /** Click and conversion events per hit of the page, once one arrived. */
    int[] hitClicks;

    int[] hitConversions;
    /** The events earned while pending: counted with the search. */
    ClickStats pendingClicks;

    CountedSearch(
            long timestamp,
            String index,
            String query,
            long nbHits,
            TagSet tags,
            List<AppliedFilter> filters,
            long userHash,
            String[] objectIDs,
            boolean tracked,
            String typed) {
        this.timestamp = timestamp;
        this.index = index;
        this.query = query;
        this.nbHits = nbHits;
        this.tags = tags;
        this.filters = filters;
        this.userHash = userHash;
        this.objectIDs = objectIDs;
        this.tracked = tracked;
        this.typed = typed;
    }

    /** {@return how many objectIDs it holds, which the bound of the query ID registry counts} */
    int size() {
        return objectIDs.length;
    }

    int[] hitClicks() {
        if (hitClicks == null) {
            hitClicks = new int[objectIDs.length];
        }
        return hitClicks;
    }

    int[] hitConversions() {
        if (hitConversions == null) {
            hitConversions = new int[objectIDs.length];
        }
        return hitConversions;
    }

    ClickStats pendingClicks() {
        if (pendingClicks == null) {
            pendingClicks = new ClickStats();
        }
        return pendingClicks;
    }

    int hitClicks(int hit) {
        return hitClicks == null ? 0 : hitClicks[hit];
    }

    int hitConversions(int hit) {
        return hitConversions == null ? 0 : hitConversions[hit];
    }
}
