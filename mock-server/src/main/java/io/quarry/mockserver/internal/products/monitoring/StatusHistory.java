package io.quarry.mockserver.internal.products.monitoring;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The status changes of the last {@value #KEPT_HOURS} hours (at most {@value #MAX_CHANGES}, the oldest dropped
 * first), so the series can tell each minute's worst status: walking back from the current statuses through the
 * changes gives the status at any time of the window. Not thread-safe: the inventory guards it.
 */
final class StatusHistory {

    static final int KEPT_HOURS = 25;
    static final int MAX_CHANGES = 10_000;

    /**
     * One change.
     *
     * @param timeMillis when
     * @param name the server or cluster
     * @param before its status before (an index into {@link Inventory#STATUSES})
     * @param after its status after
     */
    record Change(long timeMillis, String name, int before, int after) {}

    private final ArrayDeque<Change> changes = new ArrayDeque<>();

    void record(long timeMillis, String name, int before, int after) {
        changes.addLast(new Change(timeMillis, name, before, after));
        long oldest = timeMillis - KEPT_HOURS * 3_600_000L;
        while (!changes.isEmpty()
                && (changes.size() > MAX_CHANGES || changes.peekFirst().timeMillis() < oldest)) {
            changes.removeFirst();
        }
    }

    /**
     * {@return the worst status of a name during each minute of a span, as indices into {@link Inventory#STATUSES}}
     *
     * @param name a server or cluster name
     * @param current its status now
     * @param firstMinute the start of the first minute, epoch milliseconds
     * @param minutes how many minutes
     * @param nowMillis the current time: later changes are not known yet
     */
    int[] worstPerMinute(String name, int current, long firstMinute, int minutes, long nowMillis) {
        int atStart = current;
        for (Iterator<Change> newest = changes.descendingIterator(); newest.hasNext(); ) {
            Change change = newest.next();
            if (change.timeMillis() < firstMinute) {
                break;
            }
            if (change.name().equals(name) && change.timeMillis() <= nowMillis) {
                atStart = change.before();
            }
        }
        int[] worst = new int[minutes];
        int status = atStart;
        Iterator<Change> next = changes.iterator();
        Change pending = advance(next, name, firstMinute, nowMillis);
        for (int m = 0; m < minutes; m++) {
            long end = firstMinute + (m + 1) * ProbeModel.MINUTE_MILLIS;
            int minuteWorst = status;
            while (pending != null && pending.timeMillis() < end) {
                status = pending.after();
                minuteWorst = Math.max(minuteWorst, status);
                pending = advance(next, name, firstMinute, nowMillis);
            }
            worst[m] = minuteWorst;
        }
        return worst;
    }

    /** {@return the next change of the name in the span, or {@code null}} */
    private static Change advance(Iterator<Change> changes, String name, long from, long nowMillis) {
        while (changes.hasNext()) {
            Change change = changes.next();
            if (change.name().equals(name) && change.timeMillis() >= from && change.timeMillis() <= nowMillis) {
                return change;
            }
        }
        return null;
    }

    /**
     * Keeps the changes of the names of a new inventory only, each holding that inventory's instance of its name:
     * a change naming each request's own copy of a long name, inventory after inventory, held up to 10,000 of them.
     *
     * @param names every name of the inventory, each mapped to itself
     */
    void keepOnly(Map<String, String> names) {
        ArrayDeque<Change> kept = new ArrayDeque<>();
        for (Change change : changes) {
            String name = names.get(change.name());
            if (name != null) {
                kept.addLast(new Change(change.timeMillis(), name, change.before(), change.after()));
            }
        }
        changes.clear();
        changes.addAll(kept);
    }

    /** {@return the names of the changes kept, oldest first} */
    List<String> names() {
        return changes.stream().map(Change::name).toList();
    }

    void clear() {
        changes.clear();
    }
}
