package io.quarry.mockserver.internal.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;

/**
 * Query aggregation, the one rule analytics and query suggestions both count searches by: searches run at each
 * keystroke, so only the final query of a series of keystrokes counts. A search is a keystroke, and dropped, when
 * the same user's next search on the same index comes within {@value #WINDOW_MILLIS} ms and extends its query
 * ({@code "sho"} then {@code "shoe"}: only {@code "shoe"} counts). Users are told apart by user token, else by IP
 * address. Queries are compared as typed, ignoring case and runs of spaces ({@code "Sho"} then {@code "shoe"},
 * {@code "hiking"} then {@code "hiking "} are keystrokes); the same query again is a search of its own.
 *
 * <p>Applied as searches arrive: each user's last search on an index is pending until the user's next search
 * there decides whether it was a keystroke, or until the window has passed; then it is counted or discarded. At
 * most {@value #MAX_PENDING} searches are pending (the oldest is counted early beyond). Reads take the pending
 * searches as counted, since nothing has made them keystrokes yet. Not thread-safe: the owner guards it.
 *
 * @param <S> the searches
 */
public final class QueryAggregation<S> {

    /** How soon the longer query must follow for the shorter one to count as a keystroke. */
    public static final long WINDOW_MILLIS = 5_000;
    /** The most searches waiting for their user's next search. */
    public static final int MAX_PENDING = 10_000;

    private static final Pattern SPACES = Pattern.compile("\\s+");

    private final Function<S, String> series;
    private final ToLongFunction<S> timestamp;
    private final Function<S, String> typed;
    private final Consumer<S> counted;
    private final Consumer<S> discarded;
    private final LinkedHashMap<String, S> pending = new LinkedHashMap<>();

    /**
     * @param series the series a search belongs to: its index and user
     * @param timestamp when it ran, epoch milliseconds
     * @param typed its query as typed ({@link #typed(String)})
     * @param counted told about each search once it is known to end a series
     * @param discarded told about each search once it is known to be a keystroke
     */
    public QueryAggregation(
            Function<S, String> series,
            ToLongFunction<S> timestamp,
            Function<S, String> typed,
            Consumer<S> counted,
            Consumer<S> discarded) {
        this.series = series;
        this.timestamp = timestamp;
        this.typed = typed;
        this.counted = counted;
        this.discarded = discarded;
    }

    /**
     * Takes a new search: the user's previous one on the index is counted or discarded, this one waits.
     *
     * @param search a search that just ran
     */
    public void offer(S search) {
        expire(timestamp.applyAsLong(search));
        String key = series.apply(search);
        S previous = pending.remove(key);
        if (previous != null) {
            if (isKeystrokeBefore(previous, search)) {
                discarded.accept(previous);
            } else {
                counted.accept(previous);
            }
        }
        pending.put(key, search);
        if (pending.size() > MAX_PENDING) {
            Iterator<S> eldest = pending.values().iterator();
            S early = eldest.next();
            eldest.remove();
            counted.accept(early);
        }
    }

    /**
     * Counts the pending searches that no later search can make keystrokes any more.
     *
     * @param nowMillis the current time
     */
    public void expire(long nowMillis) {
        for (Iterator<S> oldest = pending.values().iterator(); oldest.hasNext(); ) {
            S search = oldest.next();
            if (timestamp.applyAsLong(search) >= nowMillis - WINDOW_MILLIS) {
                return;
            }
            oldest.remove();
            counted.accept(search);
        }
    }

    /** {@return the searches still pending, oldest first (read-only)} */
    public Collection<S> pending() {
        return Collections.unmodifiableCollection(pending.values());
    }

    /** Forgets the pending searches. */
    public void clear() {
        pending.clear();
    }

    private boolean isKeystrokeBefore(S earlier, S later) {
        String before = typed.apply(earlier);
        String after = typed.apply(later);
        return timestamp.applyAsLong(later) - timestamp.applyAsLong(earlier) <= WINDOW_MILLIS
                && after.length() > before.length()
                && after.startsWith(before);
    }

    /**
     * {@return a query as typed: lower-cased, leading spaces dropped, each run of spaces one space; a trailing
     * space stays, since typing it is a keystroke}
     *
     * @param query a query, or {@code null}
     */
    public static String typed(String query) {
        return query == null
                ? ""
                : SPACES.matcher(query.stripLeading()).replaceAll(" ").toLowerCase(Locale.ROOT);
    }

    /**
     * {@return those of a list of searches that end a series of keystrokes, in the same order}: the rule applied
     * to a whole list at once.
     *
     * @param searches searches of any indices, oldest first
     */
    public static List<TrackedSearch> finalQueries(List<TrackedSearch> searches) {
        Set<TrackedSearch> finals = Collections.newSetFromMap(new IdentityHashMap<>());
        Map<TrackedSearch, String> typedQueries = new IdentityHashMap<>();
        searches.forEach(s -> typedQueries.put(s, typed(s.query())));
        QueryAggregation<TrackedSearch> aggregation = new QueryAggregation<>(
                s -> s.index() + '\u0000' + s.user(),
                TrackedSearch::timestamp,
                typedQueries::get,
                finals::add,
                s -> {});
        searches.forEach(aggregation::offer);
        finals.addAll(aggregation.pending());
        List<TrackedSearch> ordered = new ArrayList<>();
        for (TrackedSearch search : searches) {
            if (finals.contains(search)) {
                ordered.add(search);
            }
        }
        return ordered;
    }
}
