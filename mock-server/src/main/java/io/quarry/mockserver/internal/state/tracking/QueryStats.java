package io.quarry.mockserver.internal.state.tracking;

import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import java.util.List;
import java.util.Map;

/**
 * One query of a {@link SliceStats}: its searches and what they found, their click metrics, and what the
 * analytics calls asked about one search ({@code search=}) read: its hits, filter attributes, filter values and,
 * when it found nothing, its filter combinations. Each of those lists keeps at most
 * {@value #MAX_DETAIL_ROWS} rows (the least counted go first).
 */
public final class QueryStats extends Row {

    /** The most rows of each of the query's own lists (hits, attributes, filter values, combinations). */
    public static final int MAX_DETAIL_ROWS = 200;

    private final String query;
    long count;
    long hitSum;
    long noResults;
    long noResultsWithFilters;
    long noClicks;
    long noClickHitSum;
    final ClickStats clicks = new ClickStats();
    private RowMap<String, HitStats> hits;
    private RowMap<String, Count> attributes;
    private RowMap<AppliedFilter, Count> filterValues;
    private RowMap<List<AppliedFilter>, Count> noResultFilters;

    QueryStats(String query) {
        this.query = query;
    }

    /** {@return the query, as sent} */
    public String query() {
        return query;
    }

    /** {@return how many searches of this query were counted} */
    public long count() {
        return count;
    }

    /** {@return the sum of their numbers of hits} */
    public long hitSum() {
        return hitSum;
    }

    /** {@return how many found nothing} */
    public long noResults() {
        return noResults;
    }

    /** {@return how many found nothing with filters} */
    public long noResultsWithFilters() {
        return noResultsWithFilters;
    }

    /** {@return how many tracked searches found something but earned no click} */
    public long noClicks() {
        return noClicks;
    }

    /** {@return the sum of the numbers of hits of those} */
    public long noClickHitSum() {
        return noClickHitSum;
    }

    /** {@return the click metrics (with positions)} */
    public ClickStats clicks() {
        return clicks;
    }

    /** {@return the records its searches returned} */
    public Map<String, HitStats> hits() {
        return hits == null ? Map.of() : hits.rows();
    }

    /** {@return the attributes its searches filtered on} */
    public Map<String, Count> attributes() {
        return attributes == null ? Map.of() : attributes.rows();
    }

    /** {@return the filters its searches used} */
    public Map<AppliedFilter, Count> filterValues() {
        return filterValues == null ? Map.of() : filterValues.rows();
    }

    /** {@return the filter combinations of its searches that found nothing} */
    public Map<List<AppliedFilter>, Count> noResultFilters() {
        return noResultFilters == null ? Map.of() : noResultFilters.rows();
    }

    HitStats hit(String objectID, long seq) {
        if (hits == null) {
            hits = new RowMap<>(this, MAX_DETAIL_ROWS);
        }
        return hits.row(objectID, SliceStats.bytes(objectID), seq, k -> new HitStats());
    }

    HitStats hitOf(String objectID, long seq) {
        return hits == null ? null : hits.rowOf(objectID, seq);
    }

    Count attribute(String attribute, long seq) {
        if (attributes == null) {
            attributes = new RowMap<>(this, MAX_DETAIL_ROWS);
        }
        return attributes.row(attribute, SliceStats.bytes(attribute), seq, k -> new Count());
    }

    Count filterValue(AppliedFilter filter, long seq) {
        if (filterValues == null) {
            filterValues = new RowMap<>(this, MAX_DETAIL_ROWS);
        }
        return filterValues.row(filter, SliceStats.bytes(filter), seq, k -> new Count());
    }

    Count noResultFilter(List<AppliedFilter> filters, long seq) {
        if (noResultFilters == null) {
            noResultFilters = new RowMap<>(this, MAX_DETAIL_ROWS);
        }
        long bytes = 16L + 8L * filters.size();
        for (AppliedFilter filter : filters) {
            bytes += SliceStats.bytes(filter);
        }
        return noResultFilters.row(List.copyOf(filters), bytes, seq, k -> new Count());
    }

    @Override
    long weight() {
        return count;
    }

    @Override
    long ownBytes() {
        return 240;
    }
}
