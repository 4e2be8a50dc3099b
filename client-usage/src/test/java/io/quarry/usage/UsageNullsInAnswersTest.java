package io.quarry.usage;

import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.testsupport.WireMockClients;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsageRange;
import io.quarry.usage.model.UsageStatistics;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** An answer holding {@code null} in place of a series or a point reads as no data there, not a bare NPE. */
class UsageNullsInAnswersTest {

    private static final UsageRange DAY =
            UsageRange.hourly(Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-01-02T00:00:00Z"));

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final UsageClient usage = UsageClient.create(WireMockClients.config(WM));

    @Test
    void aNullSeriesHasNoPointsAndNullPointsAreLeftOut() {
        WM.stubFor(get(anyUrl())
                .willReturn(okJson("{\"records\":null,\"total_operations\":[null,{\"t\":1704067200000,\"v\":5}]}")));

        UsageStatistics stats = usage.statistics(List.of(Statistic.ALL), DAY);

        assertThat(stats.forStatistic(Statistic.RECORDS)).isEmpty();
        assertThat(stats.total(Statistic.TOTAL_OPERATIONS)).isEqualTo(5);
        assertThat(usage.indexStatisticsAsync("items", List.of(Statistic.ALL), DAY)
                        .join()
                        .forStatistic(Statistic.TOTAL_OPERATIONS))
                .singleElement()
                .satisfies(point -> assertThat(point.time()).isEqualTo(Instant.parse("2024-01-01T00:00:00Z")));
    }
}
