package io.quarry.usage;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.Host;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.SearchClient;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.WireMockClients;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsageRange;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to the usage calls: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient search = SearchClient.create(MockServerClients.config(MOCK.server()));

    @AutoClose
    private final UsageClient client = UsageClient.create(MockServerClients.usageConfig(MOCK.server()).toBuilder()
            .hosts(Host.of(WireMockClients.url(WM)))
            .build());

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        search.index("items").saveObject("1", Map.of("name", "red shoe"));
        search.index("items").search(SearchQuery.of("shoe"), Map.class);
        Instant now = Instant.now();
        UsageRange range = UsageRange.hourly(now.minus(Duration.ofHours(2)), now.plus(Duration.ofHours(1)));
        List<Statistic> statistics =
                List.of(Statistic.TOTAL_SEARCH_REQUESTS, Statistic.TOTAL_WRITE_OPERATIONS, Statistic.RECORDS);

        MutatedAnswers.of(WM, MOCK.server().url())
                .call("statistics", () -> client.statistics(statistics, range))
                .call(
                        "indexStatistics",
                        () -> client.indexStatistics(
                                "items", List.of(Statistic.QUERIES_OPERATIONS, Statistic.ADD_RECORD_OPERATIONS), range))
                .call(
                        "statisticsAsync",
                        () -> client.statisticsAsync(statistics, range).join())
                .check(SEED, 110)
                .checkTypes(SEED, 40);
    }
}
