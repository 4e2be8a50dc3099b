package io.quarry.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.QuarryException;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsagePoint;
import io.quarry.usage.model.UsageRange;
import io.quarry.usage.model.UsageStatistics;
import io.quarry.usage.model.UsageValue;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Both usage endpoints through the client against the mock server: known operations read back as counts. */
class UsageContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final UsageClient usage = UsageClient.create(MockServerClients.usageConfig(MOCK.server()));

    @AutoClose
    private final SearchClient search = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex items = search.index("items");

    private static UsageRange around(Duration before) {
        Instant now = Instant.now();
        return UsageRange.hourly(now.minus(before), now.plus(Duration.ofHours(1)));
    }

    private void writeTwoRecordsAndSearchThreeTimes() {
        items.saveObject("1", Map.of("name", "red shoe"));
        items.saveObject("2", Map.of("name", "blue boot"));
        for (String query : List.of("shoe", "boot", "hat")) {
            items.search(SearchQuery.of(query), Map.class);
        }
    }

    @Test
    void applicationCountsAreTheOperationsServed() {
        writeTwoRecordsAndSearchThreeTimes();
        search.index("other").saveObject("x", Map.of("name", "x"));
        search.index("other").search(SearchQuery.of("x"), Map.class);

        UsageStatistics stats = usage.statistics(
                List.of(
                        Statistic.TOTAL_SEARCH_REQUESTS,
                        Statistic.TOTAL_SEARCH_OPERATIONS,
                        Statistic.TOTAL_WRITE_OPERATIONS,
                        Statistic.TOTAL_RECORDS_OPERATIONS,
                        Statistic.RECORDS,
                        Statistic.MAX_QPS,
                        Statistic.TOTAL_MAX_QPS,
                        Statistic.AVG_PROCESSING_TIME,
                        Statistic.P99_PROCESSING_TIME,
                        Statistic.TOTAL_ANSWERS_REQUESTS),
                around(Duration.ofHours(3)));

        assertThat(stats.total(Statistic.TOTAL_SEARCH_REQUESTS)).isEqualTo(4);
        assertThat(stats.total(Statistic.TOTAL_SEARCH_OPERATIONS)).isEqualTo(4);
        assertThat(stats.total(Statistic.TOTAL_WRITE_OPERATIONS)).isEqualTo(3);
        assertThat(stats.total(Statistic.TOTAL_RECORDS_OPERATIONS)).isEqualTo(3);
        assertThat(stats.forStatistic(Statistic.RECORDS))
                .singleElement()
                .extracting(UsagePoint::count)
                .isEqualTo(java.util.OptionalLong.of(3));
        UsagePoint qps = stats.forStatistic(Statistic.MAX_QPS).get(0);
        assertThat(qps.value()).isInstanceOf(UsageValue.PerName.class);
        assertThat(qps.perName()).containsOnlyKeys("mock-cluster-1-1");
        assertThat(qps.count()).isEmpty();
        assertThat(stats.forStatistic(Statistic.TOTAL_MAX_QPS).get(0).count()).isPresent();
        assertThat(stats.forStatistic(Statistic.AVG_PROCESSING_TIME)).hasSize(1);
        assertThat(stats.forStatistic(Statistic.P99_PROCESSING_TIME)).hasSize(1);
        // statistics without data are left out of the answer
        assertThat(stats.byName()).doesNotContainKey("total_answers_requests");
        assertThat(stats.forStatistic(Statistic.TOTAL_ANSWERS_REQUESTS)).isEmpty();
        assertThat(stats.forStatistic(Statistic.RECORDS).get(0).time())
                .isEqualTo(Instant.now().truncatedTo(ChronoUnit.HOURS));
    }

    @Test
    void indexCountsAndGroupingsExpand() {
        writeTwoRecordsAndSearchThreeTimes();
        items.getSettings();

        UsageStatistics stats = usage.indexStatisticsAsync(
                        "items",
                        List.of(
                                Statistic.SEARCH_OPERATIONS,
                                Statistic.RECORD_OPERATIONS,
                                Statistic.GET_SETTINGS_OPERATIONS),
                        UsageRange.lastDays(2))
                .join();

        assertThat(stats.total(Statistic.QUERIES_OPERATIONS)).isEqualTo(3);
        assertThat(stats.total(Statistic.UPDATE_RECORD_OPERATIONS)).isEqualTo(2);
        assertThat(stats.total(Statistic.TOTAL_RECORDS_OPERATIONS)).isEqualTo(2);
        assertThat(stats.total(Statistic.GET_SETTINGS_OPERATIONS)).isEqualTo(1);
        assertThat(stats.statistics())
                .doesNotContain(Statistic.MULTI_QUERIES_OPERATIONS, Statistic.ADD_RECORD_OPERATIONS);
        assertThat(stats.forStatistic(Statistic.QUERIES_OPERATIONS).get(0).time())
                .isEqualTo(Instant.now().truncatedTo(ChronoUnit.DAYS));

        UsageStatistics all = usage.indexStatistics("items", List.of(Statistic.ALL), around(Duration.ofHours(1)));
        assertThat(all.total(Statistic.TOTAL_OPERATIONS)).isEqualTo(6);
        assertThat(all.total(Statistic.DATA_SIZE)).isPositive();
        assertThat(all.total(Statistic.FILE_SIZE)).isGreaterThan(all.total(Statistic.DATA_SIZE));
        assertThat(usage.indexStatistics("nothing-here", List.of(Statistic.ALL), around(Duration.ofHours(1)))
                        .byName())
                .isEmpty();
    }

    @Test
    void anUnknownStatisticIsRefusedByName() {
        assertThatThrownBy(() -> usage.statistics(
                        List.of(Statistic.TOTAL_OPERATIONS, Statistic.of("future_operations")),
                        around(Duration.ofHours(1))))
                .isInstanceOf(UnprocessableEntityException.class)
                .hasMessageContaining("future_operations");
        assertThatThrownBy(
                        () -> usage.indexStatistics("items", List.of(Statistic.MAX_QPS), around(Duration.ofHours(1))))
                .isInstanceOf(UnprocessableEntityException.class)
                .hasMessageContaining("max_qps");
    }

    @Test
    void anotherKeyIsRefused() {
        try (UsageClient wrong = UsageClient.create(MockServerClients.config(MOCK.server(), "not-the-usage-key"))) {
            assertThatThrownBy(() -> wrong.statistics(List.of(Statistic.ALL), around(Duration.ofHours(1))))
                    .isInstanceOf(QuarryException.class);
        }
    }
}
