package io.quarry.mockserver.internal.journal;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.auth.KeyScrub;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.AnswerObserver;
import io.quarry.mockserver.internal.http.ConsolePaths;
import io.quarry.mockserver.internal.http.IndexNames;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.http.wire.CloseReason;
import io.quarry.mockserver.internal.state.ApiKeys;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * The last {@value #CAPACITY} answers, in a ring (the oldest dropped when a new one comes), and the {@link Traffic}
 * counters. An answer is kept as it came: its path and bodies cut to their first {@value #PATH_CHARS} and
 * {@value #BODY_CHARS} bytes, nothing decoded or masked, so recording one costs a few copies and counts; the console
 * masks keys when it shows an entry. Only a body whose route carries keys is read whole and masked here
 * ({@link KeyMembers}): its start alone could cut a key short of being recognised. A body, path or query cut inside a
 * word is cut before that word ({@link WordCut}): the console could not tell the start of a key. The console's own
 * requests (its
 * routes, and its reads marked as its own) are left out, so watching does not fill what is watched.
 */
public final class AnswerJournal implements AnswerObserver {

    /** How many answers are kept. */
    public static final int CAPACITY = 1_000;
    /** The most characters kept of a path with its query. */
    public static final int PATH_CHARS = 500;
    /** The most bytes kept of each body, shown as at most as many characters. */
    public static final int BODY_CHARS = 2_000;
    /** The console's own paths. */
    public static final String CONSOLE_PATH = "/_mock/console";

    private static final byte[] EMPTY = new byte[0];

    private final JournaledAnswer[] ring;
    private final Traffic traffic;
    private final Clock clock;
    private long last;

    /**
     * @param clock the wall clock, {@link Clock#systemUTC()} but in tests (the journal and charts tell real time,
     *     whatever the server's clock says)
     * @param keys the application's keys, whose lists of indices the charts name each index of; {@code null} for none
     */
    public AnswerJournal(Clock clock, ApiKeys keys) {
        this.ring = new JournaledAnswer[CAPACITY];
        this.clock = clock;
        this.traffic = new Traffic(new ListedIndices(keys));
    }

    /** {@return the time now on the journal's clock (epoch milliseconds)} */
    public long now() {
        return clock.millis();
    }

    /** {@return the per-second counters} */
    public Traffic traffic() {
        return traffic;
    }

    @Override
    public void written(
            Request request, Route route, int status, byte[] body, FaultAction fault, int host, long elapsedNanos) {
        if (request == null || isConsoles(request, route)) {
            return;
        }
        long now = clock.millis();
        long micros = elapsedNanos / 1_000;
        String index = request.pathParams().get("indexName");
        traffic.record(now, status, micros, index);
        String rawPath = cutBeforeWord(request.rawPath(), PATH_CHARS);
        String rawQuery = request.rawQuery();
        boolean hasQuery = rawQuery != null && !rawQuery.isEmpty();
        boolean pathCut = request.rawPath().length() + (hasQuery ? rawQuery.length() + 1 : 0) >= PATH_CHARS;
        // a query follows a path kept whole only
        int queryRoom = PATH_CHARS - request.rawPath().length() - 1;
        rawQuery = !hasQuery || queryRoom <= 0 ? null : cutBeforeWord(rawQuery, queryRoom);
        boolean carriesKeys = carriesKeys(route);
        byte[] requestStart = start(request.bodyBytes(), carriesKeys);
        byte[] responseStart = start(body, carriesKeys);
        String sentKey = KeyScrub.sentKey(request);
        synchronized (this) {
            long seq = ++last;
            ring[slot(seq)] = new JournaledAnswer(
                    seq,
                    now,
                    host,
                    request.method(),
                    rawPath,
                    rawQuery,
                    pathCut,
                    route,
                    // whole, as keys are restricted to whole names; a longer one than any index's names none
                    index == null || index.length() > IndexNames.MAX_BYTES ? null : index,
                    status,
                    micros,
                    request.bodySize(),
                    body.length,
                    request.get(Caller.class),
                    sentKey == null ? null : cut(sentKey, BODY_CHARS),
                    fault == null ? null : fault.kind(),
                    requestStart,
                    responseStart);
        }
    }

    /**
     * {@return the answers kept that pass the filter, newest first} The filter runs outside the journal's lock, on a
     * copy of the ring: it may mask and decode every entry's path (the console's path filter), and every answer
     * recorded meanwhile waits on that lock.
     *
     * @param filter which answers
     * @param limit the most to return
     */
    public List<JournaledAnswer> newestFirst(Predicate<JournaledAnswer> filter, int limit) {
        JournaledAnswer[] kept;
        synchronized (this) {
            kept = new JournaledAnswer[(int) Math.min(last, ring.length)];
            for (int i = 0; i < kept.length; i++) {
                kept[i] = ring[slot(last - i)];
            }
        }
        List<JournaledAnswer> found = new ArrayList<>();
        for (int i = 0; i < kept.length && found.size() < limit; i++) {
            if (filter.test(kept[i])) {
                found.add(kept[i]);
            }
        }
        return found;
    }

    /**
     * {@return the answer, or {@code null} once it has been dropped}
     *
     * @param seq its number
     */
    public synchronized JournaledAnswer find(long seq) {
        JournaledAnswer answer = seq < 1 ? null : ring[slot(seq)];
        return answer != null && answer.seq() == seq ? answer : null;
    }

    /**
     * {@return the number of the oldest answer kept, or of the next answer when none is} Answers are numbered in
     * turn, so every number below it has been dropped: the console marks an entry it shows as no longer kept.
     */
    public synchronized long oldest() {
        return last - Math.min(last, ring.length) + 1;
    }

    /** {@return how many answers are kept} */
    public synchronized int size() {
        return (int) Math.min(last, ring.length);
    }

    /** {@return how many answers the journal can hold} */
    public int capacity() {
        return ring.length;
    }

    @Override
    public void closedUnanswered(CloseReason reason, int host) {
        traffic.recordUnanswered(clock.millis(), reason);
    }

    private int slot(long seq) {
        return (int) (seq % ring.length);
    }

    /**
     * {@return whether the console made the request for itself: one of its routes, or a read marked as its own (of
     * the control endpoints or the service)}
     */
    private static boolean isConsoles(Request request, Route route) {
        return request.rawPath().startsWith(CONSOLE_PATH) || ConsolePaths.isOwnRead(request, route);
    }

    /** {@return whether the route's bodies carry key values as members} */
    static boolean carriesKeys(Route route) {
        if (route == null) {
            return false;
        }
        return route.operation().managesApiKeys()
                || route.access() == Access.CRAWLER
                || route.template().equals("/_mock/seed")
                || route.template().equals("/_mock/state");
    }

    private static byte[] start(byte[] body, boolean carriesKeys) {
        if (body.length == 0) {
            return EMPTY;
        }
        if (carriesKeys) {
            return KeyMembers.maskedStart(body, BODY_CHARS);
        }
        return Arrays.copyOf(body, WordCut.end(body, BODY_CHARS));
    }

    private static String cut(String text, int maxChars) {
        return text.length() <= maxChars ? text : text.substring(0, maxChars);
    }

    /** {@return the start of a path or query: all of it within the bound, else up to the bound or its word there} */
    private static String cutBeforeWord(String text, int maxChars) {
        return text.substring(0, WordCut.end(text, maxChars, WordCut.LONGEST_URL_WORD));
    }
}
