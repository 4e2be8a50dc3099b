package io.quarry.mockserver.internal.state.tracking;

import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import java.util.Map;

/**
 * The counted searches of one index, one day (UTC) and one tag set: totals, distinct users, and the rows the
 * analytics calls answer with (queries, hits, filter attributes and values), each list keeping at most
 * {@value #MAX_ROWS} rows (the least counted go first; the calls answer at most the 1000 most frequent).
 */
public final class SliceStats extends Row {

    /** The most rows of each list of a slice (queries, hits, attributes, filter values). */
    public static final int MAX_ROWS = 2000;

    long searches;
    long noResults;
    long tracked;
    long trackedNoClick;
    final UserCount users = new UserCount();
    private final RowMap<String, QueryStats> queries = new RowMap<>(this, MAX_ROWS);
    private final RowMap<String, HitStats> hits = new RowMap<>(this, MAX_ROWS);
    private final RowMap<String, Count> attributes = new RowMap<>(this, MAX_ROWS);
    private final RowMap<AppliedFilter, Count> filterValues = new RowMap<>(this, MAX_ROWS);

    SliceStats() {
        users.attach(this);
    }

    /** {@return how many searches were counted} */
    public long searches() {
        return searches;
    }

    /** {@return how many of them found nothing} */
    public long noResults() {
        return noResults;
    }

    /** {@return how many were tracked (made with {@code clickAnalytics})} */
    public long tracked() {
        return tracked;
    }

    /** {@return how many tracked ones earned no click} */
    public long trackedNoClick() {
        return trackedNoClick;
    }

    /** {@return the distinct users} */
    public UserCount users() {
        return users;
    }

    /** {@return the queries searched} */
    public Map<String, QueryStats> queries() {
        return queries.rows();
    }

    /** {@return the records returned} */
    public Map<String, HitStats> hits() {
        return hits.rows();
    }

    /** {@return the attributes filtered on} */
    public Map<String, Count> attributes() {
        return attributes.rows();
    }

    /** {@return the filters used} */
    public Map<AppliedFilter, Count> filterValues() {
        return filterValues.rows();
    }

    QueryStats query(String query, long seq) {
        return queries.row(query, bytes(query), seq, QueryStats::new);
    }

    QueryStats queryOf(String query, long seq) {
        return queries.rowOf(query, seq);
    }

    HitStats hit(String objectID, long seq) {
        return hits.row(objectID, bytes(objectID), seq, k -> new HitStats());
    }

    HitStats hitOf(String objectID, long seq) {
        return hits.rowOf(objectID, seq);
    }

    Count attribute(String attribute, long seq) {
        return attributes.row(attribute, bytes(attribute), seq, k -> new Count());
    }

    Count filterValue(AppliedFilter filter, long seq) {
        return filterValues.row(filter, bytes(filter), seq, k -> new Count());
    }

    @Override
    long weight() {
        return searches;
    }

    @Override
    long ownBytes() {
        return 400 + UserCount.EMPTY_BYTES;
    }

    /** {@return the estimated bytes of a string (its characters may take two bytes each)} */
    static long bytes(String text) {
        return 48 + 2L * text.length();
    }

    static long bytes(AppliedFilter filter) {
        return 24 + bytes(filter.attribute()) + bytes(filter.operator()) + bytes(filter.value());
    }
}
