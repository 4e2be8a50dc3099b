package io.quarry.monitoring;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.monitoring.model.ClusterHealth;
import io.quarry.monitoring.model.InfrastructureMetric;
import io.quarry.monitoring.model.InfrastructurePeriod;
import io.quarry.monitoring.model.TimePoint;
import io.quarry.testsupport.WireMockClients;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Answers holding {@code null} where a series, a map or an item belongs: read as missing, never a bare NPE. */
class NullsInAnswersTest {

    private static final List<String> ONE = List.of("c1");

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final MonitoringClient client = MonitoringClient.create(WireMockClients.config(WM));

    /** Each endpoint's answer, with {@code null} where a series, a map or an item belongs. */
    @ParameterizedTest
    @ValueSource(strings = {"null", "[null]"})
    void everyCallReadsNullsAsMissing(String nullSeries) {
        String nullMap = nullSeries.equals("null") ? "null" : "{\"p\":null}";
        stub("/1/status/.*", "{\"status\":{\"c1\":null}}");
        stub("/1/incidents/.*", "{\"incidents\":{\"c1\":" + nullSeries + "}}");
        stub("/1/latency/[^/]*", "{\"metrics\":{\"latency\":{\"c1\":" + nullSeries + "}}}");
        stub("/1/latency/.*/probes/.*", "{\"metrics\":{\"latency_by_probes\":{\"c1\":" + nullMap + "}}}");
        stub("/1/indexing/.*", "{\"metrics\":{\"indexing\":{\"c1\":" + nullSeries + "}}}");
        stub("/1/reachability/.*", "{\"c1\":" + nullMap + "}");
        stub("/1/inventory/servers", "{\"inventory\":[null]}");
        stub("/1/inventory/probes", "{\"probes\":[null,{\"name\":\"p\",\"regions\":[null]}]}");
        stub("/1/infrastructure/.*", "{\"metrics\":{\"cpu_usage\":{\"s1\":" + nullSeries + "},\"ssd_usage\":null}}");

        assertThatCode(() -> {
                    client.status(ONE);
                    client.incidents(ONE);
                    client.latency(ONE);
                    client.latencyByRelevantProbes(ONE);
                    client.indexingTime(ONE);
                    client.reachability(ONE);
                    client.inventoryServers();
                    client.inventoryProbes();
                    client.infrastructure(InfrastructureMetric.ALL, InfrastructurePeriod.DAY);
                    client.clusterHealth(ONE);
                    client.clusterHealthAsync(ONE).join();
                })
                .doesNotThrowAnyException();
        assertThat(client.inventoryProbes().probes())
                .singleElement()
                .satisfies(p -> assertThat(p.regions()).isEmpty());
    }

    @Test
    void aNullSeriesHasNoPointsAndNullPointsAreLeftOut() {
        stub("/1/status/.*", "{\"status\":{\"c1\":\"operational\"}}");
        stub("/1/incidents/.*", "{\"incidents\":{}}");
        stub(
                "/1/latency/.*",
                "{\"metrics\":{\"latency\":{\"c1\":[null,{\"t\":1700000000000,\"v\":7},{\"t\":1700000060000,\"v\":null},{\"v\":5}],\"c2\":null}}}");
        stub("/1/infrastructure/.*", "{\"metrics\":{\"cpu_usage\":{\"s1\":null}}}");

        assertThat(client.latency(ONE).forServer("c2")).isEmpty();
        assertThat(client.infrastructure(InfrastructureMetric.CPU_USAGE, InfrastructurePeriod.DAY)
                        .forMetric(InfrastructureMetric.CPU_USAGE)
                        .forServer("s1"))
                .isEmpty();
        ClusterHealth health = client.clusterHealth(ONE).clusters().get(0);
        assertThat(health.latency()).containsExactly(new TimePoint(Instant.ofEpochMilli(1_700_000_000_000L), 7));
        assertThat(health.isOperational()).isTrue();
    }

    private static void stub(String pathPattern, String body) {
        WM.stubFor(get(urlPathMatching(pathPattern)).willReturn(okJson(body)));
    }
}
