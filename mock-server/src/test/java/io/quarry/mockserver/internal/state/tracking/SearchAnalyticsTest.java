package io.quarry.mockserver.internal.state.tracking;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.state.QueryAggregation;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.internal.state.TrackedSearch;
import io.quarry.mockserver.internal.state.TrackedSearch.AppliedFilter;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The compact statistics: what reads see before and after a search is counted, late events, and the bounds. */
class SearchAnalyticsTest {

    private static final long DAY = 86_400_000L;
    /** 2026-03-10T10:00:00Z. */
    private static final long T0 = LocalDate.of(2026, 3, 10).toEpochDay() * DAY + 10 * 3_600_000L;

    private static final LocalDate TODAY = LocalDate.of(2026, 3, 10);

    private final SearchAnalytics analytics = new SearchAnalytics();
    private long now = T0;
    private int ids;

    private String search(String query, String user, boolean tracked, long nbHits, String... objectIDs) {
        String queryID = tracked ? String.format("%032x", ++ids) : null;
        analytics.record(
                new TrackedSearch(
                        now,
                        "items",
                        query,
                        nbHits,
                        List.of(),
                        List.of(new AppliedFilter("brand", ":", "acme")),
                        user,
                        "10.0.0.1",
                        queryID,
                        List.of(objectIDs),
                        0,
                        20),
                now);
        return queryID;
    }

    private void event(String type, String queryID, String objectID, int position) {
        analytics.event(new TrackedEvent(
                now,
                type,
                null,
                "e",
                "items",
                "u",
                queryID,
                List.of(objectID),
                List.of(),
                position > 0 ? List.of(position) : List.of()));
    }

    /** The click metrics and counts of a query, merged over today's slices. */
    private QueryStats row(String query) {
        QueryStats merged = new QueryStats(query);
        for (SearchAnalytics.Slice slice : analytics.slices("items", TODAY, TODAY, now)) {
            QueryStats part = slice.stats().queries().get(query);
            if (part != null) {
                merged.count += part.count();
                merged.noClicks += part.noClicks();
                merged.clicks.add(part.clicks());
            }
        }
        return merged;
    }

    private HitStats hit(String objectID) {
        HitStats merged = new HitStats();
        for (SearchAnalytics.Slice slice : analytics.slices("items", TODAY, TODAY, now)) {
            HitStats part = slice.stats().hits().get(objectID);
            if (part != null) {
                merged.count += part.count();
                merged.clicks.add(part.clicks());
            }
        }
        return merged;
    }

    @Test
    void aPendingSearchReadsAsCountedAndEventsCountTheSameBeforeAndAfterItIs() {
        String early = search("shoe", "a", true, 2, "1", "2");
        event("click", early, "2", 2);
        // still pending: the read counts it as final, with its click
        assertThat(row("shoe").count()).isEqualTo(1);
        assertThat(row("shoe").clicks().clickedSearches()).isEqualTo(1);
        assertThat(row("shoe").clicks().positionSum()).isEqualTo(2);

        now += QueryAggregation.WINDOW_MILLIS + 1;
        String late = search("shoe", "a", true, 2, "1", "2");
        event("click", late, "2", 2);
        event("conversion", late, "1", 0);
        now += QueryAggregation.WINDOW_MILLIS + 1;
        search("hat", "a", false, 1, "3");
        event("click", late, "1", 1);

        QueryStats shoe = row("shoe");
        assertThat(shoe.count()).isEqualTo(2);
        assertThat(shoe.clicks().trackedSearches()).isEqualTo(2);
        assertThat(shoe.clicks().clickedSearches()).isEqualTo(2);
        assertThat(shoe.clicks().clicks()).isEqualTo(3);
        assertThat(shoe.clicks().convertedSearches()).isEqualTo(1);
        assertThat(shoe.clicks().positionCount()).isEqualTo(3);
        assertThat(shoe.noClicks()).isZero();
        assertThat(hit("2").clicks().clickedSearches()).isEqualTo(2);
        assertThat(hit("1").clicks().clickedSearches()).isEqualTo(1);
        assertThat(hit("1").clicks().convertedSearches()).isEqualTo(1);
        assertThat(hit("1").count()).isEqualTo(2);
    }

    @Test
    void aKeystrokesEventsCountNowhere() {
        String typed = search("sho", "a", true, 1, "1");
        now += 300;
        search("shoe", "a", false, 1, "1");
        event("click", typed, "1", 1);
        assertThat(row("sho").count()).isZero();
        assertThat(row("shoe").clicks().clicks()).isZero();
    }

    @Test
    void eventsOfAnotherIndexOrOutsideTheHourDoNotCount() {
        String queryID = search("shoe", "a", true, 1, "1");
        now += SearchAnalytics.CLICK_WINDOW_MILLIS + 1;
        event("click", queryID, "1", 1);
        analytics.event(
                new TrackedEvent(T0, "click", null, "e", "other", "u", queryID, List.of("1"), List.of(), List.of(1)));
        assertThat(row("shoe").clicks().clicks()).isZero();
        assertThat(row("shoe").noClicks()).isEqualTo(1);
    }

    @Test
    void eachListKeepsItsMostCountedRows() {
        for (int i = 0; i < 5; i++) {
            search("popular", "u" + i, false, 1, "1");
        }
        for (int i = 0; i < 3 * SliceStats.MAX_ROWS; i++) {
            search("once " + i, "v" + i, false, 1, "1");
        }
        Map<String, QueryStats> queries =
                analytics.slices("items", TODAY, TODAY, now).get(0).stats().queries();
        assertThat(queries).hasSizeLessThanOrEqualTo(SliceStats.MAX_ROWS).containsKey("popular");
        assertThat(queries.get("popular").count()).isEqualTo(5);
    }

    @Test
    void daysPastTheRetentionAreDropped() {
        search("old", "a", false, 1, "1");
        now += SearchAnalytics.RETENTION_DAYS * DAY;
        search("new", "b", false, 1, "1");
        now += QueryAggregation.WINDOW_MILLIS + 1;
        search("newer", "b", false, 1, "1");
        assertThat(analytics.allSlices("items", now))
                .extracting(SearchAnalytics.Slice::day)
                .containsOnly(TODAY.plusDays(SearchAnalytics.RETENTION_DAYS));
    }

    @Test
    void tagSetsBeyondTheBoundCountUnderTheOverflowSet() {
        for (int i = 0; i < SearchAnalytics.MAX_TAG_SETS_PER_DAY + 5; i++) {
            analytics.record(
                    new TrackedSearch(
                            now, "items", "q", 1, List.of("t" + i), List.of(), "u" + i, "ip", null, List.of(), 0, 20),
                    now);
        }
        now += QueryAggregation.WINDOW_MILLIS + 1;
        analytics.slices("items", TODAY, TODAY, now);
        List<SearchAnalytics.Slice> slices = analytics.slices("items", TODAY, TODAY, now);
        assertThat(slices).hasSize(SearchAnalytics.MAX_TAG_SETS_PER_DAY + 1);
        assertThat(slices.stream()
                        .filter(s -> s.tags().overflow())
                        .findFirst()
                        .orElseThrow()
                        .stats()
                        .searches())
                .isEqualTo(5);
        assertThat(slices.stream().mapToLong(s -> s.stats().searches()).sum())
                .isEqualTo(SearchAnalytics.MAX_TAG_SETS_PER_DAY + 5);
    }

    @Test
    void theBudgetIsAnEighthOfTheHeapUpTo64Megabytes() {
        long mb = 1024 * 1024;
        assertThat(SearchAnalytics.budgetFor(64 * mb)).isEqualTo(8 * mb);
        assertThat(SearchAnalytics.budgetFor(256 * mb)).isEqualTo(32 * mb);
        assertThat(SearchAnalytics.budgetFor(Long.MAX_VALUE)).isEqualTo(SearchAnalytics.BUDGET_BYTES);
    }

    @Test
    void theStatisticsStayWithinTheirBudgetWhateverTheTraffic() {
        long budget = 4L * 1024 * 1024;
        SearchAnalytics bounded = new SearchAnalytics(budget);
        // one-off queries and records every day: each day holds a full list of queries; the oldest days go
        for (int day = 0; day < 30; day++) {
            for (int i = 0; i < 1000; i++) {
                bounded.record(
                        new TrackedSearch(
                                now,
                                "items",
                                "query " + day + " " + i,
                                1,
                                List.of(),
                                List.of(),
                                "u" + i,
                                "ip",
                                null,
                                List.of("r" + day + "-" + i),
                                0,
                                20),
                        now);
            }
            assertThat(bounded.estimatedBytes()).isLessThanOrEqualTo(budget);
            now += DAY;
        }
        List<SearchAnalytics.Slice> kept = bounded.allSlices("items", now);
        assertThat(kept)
                .extracting(SearchAnalytics.Slice::day)
                .contains(TODAY.plusDays(29))
                .doesNotContain(TODAY);
    }

    @Test
    void onlyTheLatestTrackedSearchesCanBeNamedByEvents() {
        String oldest = search("shoe", "a", true, 1, "1");
        for (int i = 0; i < SearchAnalytics.MAX_QUERY_IDS; i++) {
            search("hat", "b" + i, true, 1, "2");
        }
        String latest = search("shoe", "c", true, 1, "1");
        event("click", oldest, "1", 1);
        event("click", latest, "1", 1);
        assertThat(row("shoe").clicks().clicks()).isEqualTo(1);
    }
}
