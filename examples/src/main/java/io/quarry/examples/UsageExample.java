package io.quarry.examples;

import io.quarry.usage.UsageClient;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsageRange;
import io.quarry.usage.model.UsageStatistics;
import java.time.Clock;
import java.util.List;

/**
 * Usage: how much the application and one of its indices were used today, the numbers behind the bill and behind
 * capacity planning.
 */
public final class UsageExample {

    private UsageExample() {}

    /**
     * Today's counts for the application and one index.
     *
     * @param searchRequests search requests the application served today
     * @param writeOperations write operations the application served today
     * @param indexSearches   searches (query operations) on the index today
     */
    public record Today(long searchRequests, long writeOperations, long indexSearches) {}

    /**
     * Reads today's counts (the current UTC day so far).
     *
     * @param usage a usage client (created with the application's usage key)
     * @param index the index to count searches of
     * @param clock the clock that says what "today" is, usually {@code Clock.systemUTC()}
     * @return the counts
     */
    public static Today today(UsageClient usage, String index, Clock clock) {
        UsageRange today = UsageRange.today(clock);
        UsageStatistics application =
                usage.statistics(List.of(Statistic.TOTAL_SEARCH_REQUESTS, Statistic.TOTAL_WRITE_OPERATIONS), today);
        UsageStatistics ofIndex = usage.indexStatistics(index, List.of(Statistic.QUERIES_OPERATIONS), today);
        // A statistic without data today is left out of the answer; total(...) reads it as 0.
        return new Today(
                application.total(Statistic.TOTAL_SEARCH_REQUESTS),
                application.total(Statistic.TOTAL_WRITE_OPERATIONS),
                ofIndex.total(Statistic.QUERIES_OPERATIONS));
    }
}
