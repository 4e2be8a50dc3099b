package io.quarry.mockserver.internal.state.tracking;

import io.quarry.mockserver.internal.state.QueryAggregation;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.internal.state.TrackedSearch;
import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The searches of the application as analytics and query suggestions read them: counted as they arrive into
 * compact statistics per index, day (UTC) and tag set ({@link SliceStats}), keystrokes dropped
 * ({@link QueryAggregation}), and clicks and conversions added to the searches they follow as the events arrive.
 * A read costs what the statistics of the days asked for hold, whatever the traffic before.
 *
 * <p>Bounds: days older than {@value #RETENTION_DAYS} days are dropped; at most {@value #MAX_INDICES} indices (the
 * least recently searched is forgotten beyond), {@value #MAX_TAG_SETS_PER_DAY} tag sets per index and day and
 * {@value #MAX_TAG_SETS} in all (searches with further tag sets count under {@link TagSet#OVERFLOW}); the row
 * bounds of {@link SliceStats} and {@link QueryStats}; and an estimate of an eighth of the heap, at most
 * {@value #BUDGET_BYTES} bytes, for all the statistics, beyond which the oldest day of any index is dropped. Events find their search by query ID among
 * the {@value #MAX_QUERY_IDS} latest searches made with {@code clickAnalytics} (holding at most
 * {@value #MAX_QUERY_ID_HITS} objectIDs in all). Not thread-safe: the tracking's lock guards it.
 */
public final class SearchAnalytics {

    /** How many days, today included, are kept. */
    public static final int RETENTION_DAYS = 90;
    /** The most indices with statistics. */
    public static final int MAX_INDICES = 1000;
    /** The most tag sets per index and day. */
    public static final int MAX_TAG_SETS_PER_DAY = 100;
    /** The most distinct tag sets. */
    public static final int MAX_TAG_SETS = 10_000;
    /** The estimated bytes all the statistics may take on a large heap. */
    public static final long BUDGET_BYTES = 64L * 1024 * 1024;
    /** How many searches made with {@code clickAnalytics} later events can name. */
    public static final int MAX_QUERY_IDS = 20_000;
    /** How many objectIDs those searches' pages may hold in all. */
    public static final long MAX_QUERY_ID_HITS = 400_000;
    /** How far from its search a click or conversion still counts. */
    public static final long CLICK_WINDOW_MILLIS = 3_600_000;

    static final long DAY_MILLIS = 86_400_000L;
    private static final int PRUNE_EVERY = 1024;

    /**
     * The counted searches of one index, day and tag set.
     *
     * @param epochDay the day, UTC
     * @param tags the tag set
     * @param stats the statistics
     */
    public record Slice(long epochDay, TagSet tags, SliceStats stats) {
        /** {@return the day} */
        public LocalDate day() {
            return LocalDate.ofEpochDay(epochDay);
        }
    }

    private record QueryId(long high, long low) {
        static QueryId parse(String text) {
            if (text == null || text.length() != 32) {
                return null;
            }
            try {
                return new QueryId(
                        Long.parseUnsignedLong(text.substring(0, 16), 16),
                        Long.parseUnsignedLong(text.substring(16), 16));
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    private final long budgetBytes;
    private final Ledger all = new Ledger() {};
    /** In access order: the least recently searched (or read) first. */
    private final LinkedHashMap<String, IndexStats> indices = new LinkedHashMap<>(16, 0.75f, true);

    private final Map<List<String>, TagSet> tagSets = new HashMap<>();
    private final LinkedHashMap<QueryId, CountedSearch> byQueryId = new LinkedHashMap<>();
    private long queryIdHits;
    private long seq;
    private long counted;
    private long now = Long.MIN_VALUE;
    private final QueryAggregation<CountedSearch> aggregation = new QueryAggregation<>(
            s -> s.index + '\u0000' + Long.toHexString(s.userHash),
            s -> s.timestamp,
            s -> s.typed,
            this::count,
            s -> s.state = CountedSearch.State.DISCARDED);

    /** Statistics held to the budget for this JVM's heap ({@link #budgetFor}). */
    public SearchAnalytics() {
        this(budgetFor(Runtime.getRuntime().maxMemory()));
    }

    /**
     * {@return the estimated bytes the statistics may take on a heap of {@code maxHeapBytes}: an eighth of it, so
     *     that on a small heap (a container's) they leave room for the records and requests, at most
     *     {@link #BUDGET_BYTES}}
     *
     * @param maxHeapBytes the heap's limit, {@link Runtime#maxMemory()}
     */
    static long budgetFor(long maxHeapBytes) {
        return Math.min(BUDGET_BYTES, maxHeapBytes / 8);
    }

    /** @param budgetBytes the estimated bytes all the statistics may take */
    SearchAnalytics(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /**
     * Takes a search that just ran.
     *
     * @param search the search
     * @param nowMillis the current time
     */
    public void record(TrackedSearch search, long nowMillis) {
        now = Math.max(now, nowMillis);
        String index = search.index().intern();
        IndexStats stats = index(index);
        stats.lastSearchAt = Math.max(stats.lastSearchAt, search.timestamp());
        String query = search.query() == null ? "" : search.query();
        Set<String> objectIDs = new LinkedHashSet<>();
        search.objectIDs().forEach(id -> objectIDs.add(id.intern()));
        List<AppliedFilter> filters = new ArrayList<>(search.filters().size());
        for (AppliedFilter filter : search.filters()) {
            filters.add(new AppliedFilter(
                    filter.attribute().intern(),
                    filter.operator().intern(),
                    filter.value().intern()));
        }
        CountedSearch counted = new CountedSearch(
                search.timestamp(),
                index,
                query.intern(),
                search.nbHits(),
                tagSet(search.analyticsTags()),
                filters,
                UserCount.hash(String.valueOf(search.user())),
                objectIDs.toArray(new String[0]),
                search.tracked(),
                QueryAggregation.typed(query));
        if (search.tracked()) {
            remember(QueryId.parse(search.queryID()), counted);
        }
        aggregation.offer(counted);
    }

    /**
     * Adds a click or conversion to the search whose query ID it names, if that search is known, of the same
     * index and within {@link #CLICK_WINDOW_MILLIS} of the event.
     *
     * @param event an accepted event
     */
    public void event(TrackedEvent event) {
        boolean click = "click".equals(event.eventType());
        if (!click && !"conversion".equals(event.eventType())) {
            return;
        }
        QueryId id = QueryId.parse(event.queryID());
        CountedSearch search = id == null ? null : byQueryId.get(id);
        if (search == null
                || search.state == CountedSearch.State.DISCARDED
                || !search.index.equals(event.index())
                || Math.abs(event.timestamp() - search.timestamp) > CLICK_WINDOW_MILLIS) {
            return;
        }
        List<Integer> named = named(search, event.objectIDs());
        if (search.state == CountedSearch.State.PENDING) {
            ClickStats pending = search.pendingClicks();
            if (click) {
                pending.clicks++;
                pending.addPositions(event.positions());
                search.clicked = true;
                named.forEach(i -> search.hitClicks()[i]++);
            } else {
                pending.conversions++;
                search.converted = true;
                named.forEach(i -> search.hitConversions()[i]++);
            }
            return;
        }
        SliceStats slice = sliceOf(search);
        QueryStats query = slice == null ? null : slice.queryOf(search.query, search.seq);
        if (click) {
            if (!search.clicked) {
                search.clicked = true;
                if (slice != null) {
                    slice.trackedNoClick--;
                }
                if (query != null) {
                    query.clicks.clickedSearches++;
                    if (search.nbHits > 0) {
                        query.noClicks--;
                        query.noClickHitSum -= search.nbHits;
                    }
                }
            }
            if (query != null) {
                query.clicks.clicks++;
                query.clicks.addPositions(event.positions());
            }
        } else {
            if (!search.converted) {
                search.converted = true;
                if (query != null) {
                    query.clicks.convertedSearches++;
                }
            }
            if (query != null) {
                query.clicks.conversions++;
            }
        }
        for (int i : named) {
            int[] counts = click ? search.hitClicks() : search.hitConversions();
            boolean first = counts[i] == 0;
            counts[i]++;
            String objectID = search.objectIDs[i];
            addHitEvent(slice == null ? null : slice.hitOf(objectID, search.seq), click, first);
            addHitEvent(query == null ? null : query.hitOf(objectID, search.seq), click, first);
        }
    }

    /**
     * {@return the statistics of an index's days in a range, the pending searches (counted as if final) in
     * slices of their own}
     *
     * @param index the index
     * @param fromDay the first day, inclusive
     * @param toDay the last day, inclusive
     * @param nowMillis the current time
     */
    public List<Slice> slices(String index, LocalDate fromDay, LocalDate toDay, long nowMillis) {
        return slices(index, fromDay.toEpochDay(), toDay.toEpochDay(), nowMillis);
    }

    /**
     * {@return the statistics of every kept day of an index, as {@link #slices(String, LocalDate, LocalDate, long)}}
     *
     * @param index the index
     * @param nowMillis the current time
     */
    public List<Slice> allSlices(String index, long nowMillis) {
        return slices(index, Long.MIN_VALUE, Long.MAX_VALUE, nowMillis);
    }

    private List<Slice> slices(String index, long fromDay, long toDay, long nowMillis) {
        now = Math.max(now, nowMillis);
        aggregation.expire(now);
        List<Slice> slices = new ArrayList<>();
        IndexStats stats = indices.get(index);
        if (stats != null) {
            for (Map.Entry<Long, DayStats> day :
                    stats.days.subMap(fromDay, true, toDay, true).entrySet()) {
                day.getValue().slices().forEach((tags, slice) -> slices.add(new Slice(day.getKey(), tags, slice)));
            }
        }
        Map<Long, Map<TagSet, SliceStats>> pending = new TreeMap<>();
        for (CountedSearch search : aggregation.pending()) {
            long day = Math.floorDiv(search.timestamp, DAY_MILLIS);
            if (search.index.equals(index) && day >= fromDay && day <= toDay) {
                // under the tag set it will be counted in: the overflow set when its day is already full
                DayStats counted = stats == null ? null : stats.days.get(day);
                TagSet tags = counted == null ? search.tags : counted.keptTags(search.tags);
                SliceStats slice = pending.computeIfAbsent(day, d -> new LinkedHashMap<>())
                        .computeIfAbsent(tags, t -> new SliceStats());
                contribute(slice, search, Long.MAX_VALUE);
            }
        }
        pending.forEach((day, byTags) -> byTags.forEach((tags, slice) -> slices.add(new Slice(day, tags, slice))));
        return slices;
    }

    /**
     * {@return whether the index was searched (and its statistics are still kept)}
     *
     * @param index the index
     */
    public boolean searched(String index) {
        return indices.containsKey(index);
    }

    /**
     * {@return when the index was last searched, epoch milliseconds, or -1}
     *
     * @param index the index
     */
    public long lastSearchAt(String index) {
        IndexStats stats = indices.get(index);
        return stats == null ? -1 : stats.lastSearchAt;
    }

    /** {@return the estimated bytes the statistics take} */
    public long estimatedBytes() {
        return all.cost();
    }

    /** Forgets every search. */
    public void clear() {
        aggregation.clear();
        indices.values().forEach(Ledger::release);
        indices.clear();
        tagSets.clear();
        byQueryId.clear();
        queryIdHits = 0;
        now = Long.MIN_VALUE;
    }

    /** Counts a search that ended its series. */
    private void count(CountedSearch search) {
        long day = Math.floorDiv(search.timestamp, DAY_MILLIS);
        long firstKept = Math.floorDiv(now, DAY_MILLIS) - RETENTION_DAYS + 1;
        List<AppliedFilter> filters = search.filters;
        search.filters = null;
        search.typed = null;
        if (day < firstKept) {
            search.state = CountedSearch.State.DISCARDED;
            return;
        }
        IndexStats stats = index(search.index);
        search.seq = ++seq;
        search.epochDay = day;
        search.state = CountedSearch.State.COUNTED;
        search.filters = filters;
        contribute(stats.day(day).slice(search.tags, search.seq), search, search.seq);
        search.filters = null;
        search.pendingClicks = null;
        stats.dropBefore(firstKept);
        if (++counted % PRUNE_EVERY == 0) {
            indices.values().forEach(s -> s.dropBefore(firstKept));
        }
        while (all.cost() > budgetBytes && dropOldestDay()) {
            // each round frees a day
        }
    }

    /** Adds one search (with the events it earned so far) to a slice. */
    private static void contribute(SliceStats slice, CountedSearch search, long seq) {
        slice.searches++;
        slice.users.add(search.userHash);
        QueryStats query = slice.query(search.query, seq);
        query.count++;
        query.hitSum += search.nbHits;
        List<AppliedFilter> filters = search.filters;
        if (search.nbHits == 0) {
            slice.noResults++;
            query.noResults++;
            if (!filters.isEmpty()) {
                query.noResultsWithFilters++;
                query.noResultFilter(filters, seq).value++;
            }
        }
        if (search.tracked) {
            slice.tracked++;
            if (!search.clicked) {
                slice.trackedNoClick++;
                if (search.nbHits > 0) {
                    query.noClicks++;
                    query.noClickHitSum += search.nbHits;
                }
            }
            query.clicks.addTrackedSearch(search.clicked, search.converted);
            if (search.pendingClicks != null) {
                query.clicks.add(search.pendingClicks);
            }
        }
        for (int i = 0; i < search.objectIDs.length; i++) {
            String objectID = search.objectIDs[i];
            addHit(slice.hit(objectID, seq), search, i);
            addHit(query.hit(objectID, seq), search, i);
        }
        Set<String> attributes = new LinkedHashSet<>();
        filters.forEach(f -> attributes.add(f.attribute()));
        for (String attribute : attributes) {
            slice.attribute(attribute, seq).value++;
            query.attribute(attribute, seq).value++;
        }
        for (AppliedFilter filter : new LinkedHashSet<>(filters)) {
            slice.filterValue(filter, seq).value++;
            query.filterValue(filter, seq).value++;
        }
    }

    private static void addHit(HitStats hit, CountedSearch search, int i) {
        hit.count++;
        if (search.tracked) {
            int clicks = search.hitClicks(i);
            int conversions = search.hitConversions(i);
            hit.clicks.addTrackedSearch(clicks > 0, conversions > 0);
            hit.clicks.clicks += clicks;
            hit.clicks.conversions += conversions;
        }
    }

    private static void addHitEvent(HitStats hit, boolean click, boolean first) {
        if (hit == null) {
            return;
        }
        if (click) {
            hit.clicks.clickedSearches += first ? 1 : 0;
            hit.clicks.clicks++;
        } else {
            hit.clicks.convertedSearches += first ? 1 : 0;
            hit.clicks.conversions++;
        }
    }

    /** {@return the positions, in the search's page, of the records an event names} */
    private static List<Integer> named(CountedSearch search, List<String> objectIDs) {
        List<Integer> named = new ArrayList<>();
        if (objectIDs.isEmpty()) {
            return named;
        }
        Set<String> wanted = objectIDs.size() > 4 ? new HashSet<>(objectIDs) : null;
        for (int i = 0; i < search.objectIDs.length; i++) {
            String objectID = search.objectIDs[i];
            if (wanted != null ? wanted.contains(objectID) : objectIDs.contains(objectID)) {
                named.add(i);
            }
        }
        return named;
    }

    private SliceStats sliceOf(CountedSearch search) {
        IndexStats stats = indices.get(search.index);
        DayStats day = stats == null ? null : stats.days.get(search.epochDay);
        return day == null ? null : day.sliceOf(search.tags, search.seq);
    }

    private IndexStats index(String name) {
        IndexStats stats = indices.get(name);
        if (stats == null) {
            if (indices.size() >= MAX_INDICES) {
                Iterator<IndexStats> leastRecent = indices.values().iterator();
                leastRecent.next().release();
                leastRecent.remove();
            }
            stats = new IndexStats();
            stats.attach(all);
            stats.charge(RowMap.ENTRY_BYTES + 120 + SliceStats.bytes(name));
            indices.put(name, stats);
        }
        return stats;
    }

    private TagSet tagSet(List<String> tags) {
        if (tags.isEmpty()) {
            return TagSet.NONE;
        }
        List<String> sorted = new ArrayList<>();
        new TreeSet<>(tags).forEach(tag -> sorted.add(tag.intern()));
        TagSet known = tagSets.get(sorted);
        if (known == null) {
            if (tagSets.size() >= MAX_TAG_SETS) {
                return TagSet.OVERFLOW;
            }
            known = new TagSet(List.copyOf(sorted), false);
            tagSets.put(known.tags(), known);
        }
        return known;
    }

    private void remember(QueryId id, CountedSearch search) {
        if (id == null) {
            return;
        }
        CountedSearch replaced = byQueryId.put(id, search);
        queryIdHits += search.size() - (replaced == null ? 0 : replaced.size());
        Iterator<CountedSearch> oldest = byQueryId.values().iterator();
        while (byQueryId.size() > MAX_QUERY_IDS || queryIdHits > MAX_QUERY_ID_HITS) {
            queryIdHits -= oldest.next().size();
            oldest.remove();
        }
    }

    /** Drops the oldest day of any index (the least recently searched among equals); false when none is left. */
    private boolean dropOldestDay() {
        IndexStats oldest = null;
        for (IndexStats stats : indices.values()) {
            if (!stats.days.isEmpty() && (oldest == null || stats.days.firstKey() < oldest.days.firstKey())) {
                oldest = stats;
            }
        }
        if (oldest == null) {
            return false;
        }
        oldest.days.pollFirstEntry().getValue().release();
        return true;
    }
}
