package io.quarry.usage;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.InvalidRequestException;
import io.quarry.testsupport.WireMockClients;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsagePoint;
import io.quarry.usage.model.UsageRange;
import io.quarry.usage.model.UsageStatistics;
import io.quarry.usage.model.UsageValue;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Request and answer shapes of the usage endpoints, pinned with WireMock. */
class UsageRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final UsageClient client = UsageClient.create(WireMockClients.config(WM));

    private static final Instant START = Instant.parse("2024-01-01T00:00:00Z");

    @Test
    void statisticsRangeAndGranularityAreInThePathAndQuery() {
        WM.stubFor(get(anyUrl()).willReturn(okJson("{}")));

        client.statistics(
                List.of(Statistic.TOTAL_OPERATIONS, Statistic.MAX_QPS),
                UsageRange.hourly(START, START.plusSeconds(3600 * 24)));
        client.indexStatisticsAsync(
                        "my index", List.of(Statistic.ALL), UsageRange.daily(START, START.plusSeconds(86400 * 30)))
                .join();

        WM.verify(getRequestedFor(urlPathEqualTo("/1/usage/total_operations%2Cmax_qps"))
                .withQueryParam("startDate", equalTo("2024-01-01T00:00:00Z"))
                .withQueryParam("endDate", equalTo("2024-01-02T00:00:00Z"))
                .withQueryParam("granularity", equalTo("hourly"))
                .withHeader("X-Service-API-Key", equalTo(WireMockClients.API_KEY)));
        WM.verify(getRequestedFor(urlPathEqualTo("/1/usage/%2A/my%20index"))
                .withQueryParam("endDate", equalTo("2024-01-31T00:00:00Z"))
                .withQueryParam("granularity", equalTo("daily")));
    }

    @Test
    void pointsAreCountsOrPerServerMaps() {
        WM.stubFor(get(anyUrl())
                .willReturn(okJson("{\"total_operations\":[{\"t\":1704067200000,\"v\":42}],"
                        + "\"max_qps\":[{\"t\":1704067200000,\"v\":{\"c1-eu-1\":7,\"c1-eu-2\":3}}],"
                        + "\"brand_new_statistic\":[{\"t\":1704067200000,\"v\":1}]}")));

        UsageStatistics stats =
                client.statistics(List.of(Statistic.ALL), UsageRange.daily(START, START.plusSeconds(86400)));

        UsagePoint total = stats.forStatistic(Statistic.TOTAL_OPERATIONS).get(0);
        assertThat(total.time()).isEqualTo(START);
        assertThat(total.value()).isEqualTo(new UsageValue.Count(42));
        assertThat(total.count()).hasValue(42);
        UsagePoint qps = stats.forStatistic(Statistic.MAX_QPS).get(0);
        assertThat(qps.value()).isEqualTo(new UsageValue.PerName(Map.of("c1-eu-1", 7L, "c1-eu-2", 3L)));
        assertThat(qps.total()).isEqualTo(10);
        Statistic unknown = stats.statistics().stream()
                .filter(s -> !s.isKnown())
                .findFirst()
                .orElseThrow();
        assertThat(unknown.name()).isEqualTo("brand_new_statistic");
        assertThat(stats.total(unknown)).isEqualTo(1);
    }

    @Test
    void rangeLimitsAreCheckedBeforeSending() {
        assertThatThrownBy(() -> UsageRange.hourly(START, START.plusSeconds(7 * 86400 + 1)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("at most 7 days");
        assertThatThrownBy(() -> UsageRange.daily(START, START.plusSeconds(366L * 86400)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("at most 365 days");
        assertThatThrownBy(() -> UsageRange.daily(START, START))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("start before it ends");
        assertThat(UsageRange.hourly(START, START.plusSeconds(7 * 86400))
                        .granularity()
                        .wireName())
                .isEqualTo("hourly");
        assertThat(UsageRange.daily(START, START.plusSeconds(365L * 86400))).isNotNull();
        assertThatThrownBy(() -> client.statistics(List.of(), UsageRange.daily(START, START.plusSeconds(60))))
                .isInstanceOf(InvalidRequestException.class);
        WM.verify(0, anyRequestedFor(anyUrl()));
    }

    @Test
    void statisticNamesAreOpen() {
        assertThat(Statistic.of("total_operations")).isSameAs(Statistic.TOTAL_OPERATIONS);
        assertThat(Statistic.of("90p_processing_time")).isSameAs(Statistic.P90_PROCESSING_TIME);
        assertThat(Statistic.of("later_statistic").isKnown()).isFalse();
        assertThat(Statistic.of("later_statistic")).isEqualTo(Statistic.of("later_statistic"));
        assertThat(Statistic.SEARCH_OPERATIONS.isGrouping()).isTrue();
        assertThat(Statistic.known()).hasSize(86);
        assertThatThrownBy(() -> Statistic.of("a,b")).isInstanceOf(IllegalArgumentException.class);
    }
}
