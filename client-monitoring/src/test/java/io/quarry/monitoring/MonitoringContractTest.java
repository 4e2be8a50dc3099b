package io.quarry.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.QuarryException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.monitoring.model.ClusterHealth;
import io.quarry.monitoring.model.ClusterHealthReport;
import io.quarry.monitoring.model.Incident;
import io.quarry.monitoring.model.InfrastructureMetric;
import io.quarry.monitoring.model.InfrastructureMetrics;
import io.quarry.monitoring.model.InfrastructurePeriod;
import io.quarry.monitoring.model.InventoryServer;
import io.quarry.monitoring.model.Probe;
import io.quarry.monitoring.model.ProbeSeries;
import io.quarry.monitoring.model.ServerStatus;
import io.quarry.monitoring.model.TimePoint;
import io.quarry.search.SearchClient;
import io.quarry.search.model.ClusterSummary;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every monitoring endpoint through the client against the mock server, and the cluster health report. */
class MonitoringContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String ONE = "mock-cluster-1";
    private static final String TWO = "mock-cluster-2";

    @AutoClose
    private final MonitoringClient monitoring =
            MonitoringClient.create(MockServerClients.monitoringConfig(MOCK.server()));

    @AutoClose
    private final SearchClient search = SearchClient.create(MockServerClients.config(MOCK.server()));

    @Test
    void statusOfEveryAndOfSomeServers() {
        assertThat(monitoring.status().status())
                .containsEntry(ONE, ServerStatus.OPERATIONAL)
                .containsEntry(TWO + "-dsn-1", ServerStatus.OPERATIONAL);
        assertThat(monitoring.statusAsync(List.of(ONE, ONE + "-2")).join().status())
                .containsOnlyKeys(ONE, ONE + "-2");
        assertThat(monitoring.statusAsync().join().of(TWO)).isEqualTo(ServerStatus.OPERATIONAL);
    }

    @Test
    void anInjectedIncidentIsReadBackWithItsTime() {
        Instant before = Instant.now().minusSeconds(1);
        MockControl.post(
                MOCK.server(),
                "/_mock/monitoring/incidents",
                "{\"server\":\"" + ONE + "-2\",\"title\":\"Slow searches\",\"body\":\"A disk is slow\","
                        + "\"status\":\"degraded_performance\"}");

        Incident incident =
                monitoring.incidents(List.of(ONE + "-2")).of(ONE + "-2").get(0);
        assertThat(incident.title()).isEqualTo("Slow searches");
        assertThat(incident.body()).isEqualTo("A disk is slow");
        assertThat(incident.status()).isEqualTo(ServerStatus.DEGRADED_PERFORMANCE);
        assertThat(incident.time()).isBetween(before, Instant.now().plusSeconds(1));
        assertThat(monitoring.incidentsAsync().join().of(ONE)).containsExactly(incident);
        assertThat(monitoring.incidents().of(TWO)).isEmpty();
        assertThat(monitoring.status(List.of(ONE)).of(ONE)).isEqualTo(ServerStatus.DEGRADED_PERFORMANCE);
    }

    @Test
    void inventoryOfServersAndProbes() {
        List<InventoryServer> servers = monitoring.inventoryServers().inventory();
        assertThat(servers).extracting(InventoryServer::cluster).containsOnly(ONE, TWO);
        assertThat(servers)
                .filteredOn(InventoryServer::replica)
                .extracting(InventoryServer::name)
                .containsExactly(ONE + "-dsn-1", TWO + "-dsn-1");
        assertThat(servers.get(0))
                .isEqualTo(new InventoryServer(ONE + "-1", "eu", false, ONE, "PRODUCTION", "cluster"));
        List<Probe> probes = monitoring.inventoryProbesAsync().join().probes();
        assertThat(probes).extracting(Probe::name).contains("paris", "singapore");
        assertThat(probes.get(0).regions()).containsExactly("eu");
    }

    @Test
    void latencyAndIndexingTimeFollowTheServersWork() {
        // without work, no minute has a point (reading the series is no work)
        assertThat(monitoring.latency(List.of(ONE)).of(ONE)).isEmpty();
        assertThat(monitoring.indexingTime(List.of(ONE)).of(ONE)).isEmpty();

        Instant before = Instant.now();
        long started = System.nanoTime();
        search.index("items").saveObject("1", Map.of("name", "red shoe"));
        double saveMillis = (System.nanoTime() - started) / 1e6;
        started = System.nanoTime();
        search.index("items").search(SearchQuery.of("shoe"), Map.class);
        double searchMillis = (System.nanoTime() - started) / 1e6;
        Instant after = Instant.now();

        // one search: one point, for its minute, of the time the server spent on it
        List<TimePoint> latency = monitoring.latency(List.of(ONE)).of(ONE);
        assertThat(latency).hasSize(1);
        assertThat(latency.get(0).time()).isBefore(Instant.now().plusSeconds(1));
        assertThat(latency.get(0).value()).isGreaterThanOrEqualTo(0);
        assertMeasuredDuring(latency.get(0), before, after, searchMillis);
        // one write: likewise in the indexing time, which the search does not enter (nor the write the latency)
        List<TimePoint> indexing =
                monitoring.indexingTimeAsync(List.of(TWO + "-1")).join().of(TWO + "-1");
        assertThat(indexing).hasSize(1);
        assertMeasuredDuring(indexing.get(0), before, after, saveMillis);

        // every server and every probe reports the one application's work
        ProbeSeries relevant = monitoring.latencyByRelevantProbes(List.of(ONE + "-1"));
        assertThat(relevant.of(ONE + "-1")).containsOnlyKeys("paris", "frankfurt");
        assertThat(relevant.of(ONE + "-1"))
                .allSatisfy((probe, points) -> assertThat(points).as(probe).isEqualTo(latency));
        ProbeSeries others =
                monitoring.latencyByOtherProbesAsync(List.of(ONE + "-1")).join();
        assertThat(others.of(ONE + "-1")).containsOnlyKeys("new-york", "singapore");
        assertThat(others.of(ONE + "-1"))
                .allSatisfy((probe, points) -> assertThat(points).as(probe).isEqualTo(latency));
        assertThat(monitoring.latencyByRelevantProbesAsync(List.of(ONE)).join().of(ONE))
                .hasSize(2);
        assertThat(monitoring.latencyByOtherProbes(List.of(ONE)).of(ONE)).hasSize(2);
        assertThat(monitoring.indexingTime(List.of(ONE)).of(ONE)).hasSize(1).isEqualTo(indexing);
        assertThat(monitoring.latencyAsync(List.of(TWO)).join().of(TWO))
                .hasSize(1)
                .isEqualTo(latency);
    }

    /**
     * A point of a series the server measures from its own work (per minute: the average of what it did then):
     * for the one call made, it stands at the start of the minute the call was served in, and its value, the
     * server's time in milliseconds, is within what the call took as the client saw it.
     */
    private static void assertMeasuredDuring(TimePoint point, Instant before, Instant after, double callMillis) {
        assertThat(point.time())
                .isEqualTo(point.time().truncatedTo(ChronoUnit.MINUTES))
                .isBetween(before.truncatedTo(ChronoUnit.MINUTES), after.truncatedTo(ChronoUnit.MINUTES));
        // the server's clock runs from the request's arrival to its answer, inside the call; rounded to the ms
        assertThat(point.value()).isBetween(0.0, callMillis + 0.5);
    }

    @Test
    void reachabilityFollowsTheStatus() {
        assertThat(monitoring.reachability(List.of(ONE)).reachableFromEveryProbe(ONE))
                .isTrue();
        MockControl.post(
                MOCK.server(), "/_mock/monitoring/status", "{\"server\":\"" + TWO + "\",\"status\":\"major_outage\"}");
        assertThat(monitoring.reachabilityAsync(List.of(TWO)).join().of(TWO)).containsEntry("paris", false);
    }

    @Test
    void infrastructurePeriodsHaveTheirPointsAtTheirResolution() {
        for (InfrastructurePeriod period : InfrastructurePeriod.values()) {
            InfrastructureMetrics metrics = monitoring.infrastructure(InfrastructureMetric.RAM_SEARCH_USAGE, period);
            List<TimePoint> points =
                    metrics.of(InfrastructureMetric.RAM_SEARCH_USAGE).of(ONE + "-1");
            assertThat(points).as(period.wireName()).hasSize(period.points());
            assertThat(Duration.between(points.get(0).time(), points.get(1).time()))
                    .isEqualTo(period.resolution());
            assertThat(points.get(points.size() - 1).value()).isPositive();
            assertThat(points.get(points.size() - 1).time())
                    .isBetween(
                            Instant.now().minus(period.resolution()).minusSeconds(1),
                            Instant.now().plusSeconds(1));
        }
        InfrastructureMetrics all = monitoring
                .infrastructureAsync(InfrastructureMetric.ALL, InfrastructurePeriod.MINUTE)
                .join();
        assertThat(all.byMetric())
                .containsOnlyKeys("avg_build_time", "ssd_usage", "ram_search_usage", "ram_indexing_usage", "cpu_usage");
        assertThat(all.of(InfrastructureMetric.CPU_USAGE).of(TWO + "-dsn-1")).hasSize(10);
    }

    @Test
    void unknownServersAndEmptyListsFail() {
        assertThatThrownBy(() -> monitoring.status(List.of(ONE, "nowhere")))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Unknown servers");
        assertThatThrownBy(() -> monitoring.latency(List.of())).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> monitoring.reachability(List.of("a,b"))).isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void keyedEndpointsRefuseAnotherKey() {
        try (MonitoringClient wrong =
                MonitoringClient.create(MockServerClients.config(MOCK.server(), "not-the-monitoring-key"))) {
            assertThatThrownBy(wrong::inventoryServers).isInstanceOf(QuarryException.class);
            assertThat(wrong.status().of(ONE)).isEqualTo(ServerStatus.OPERATIONAL);
        }
    }

    @Test
    void clusterHealthJoinsStatusIncidentsAndLatencyOfTheSearchClientsClusters() {
        search.index("items").saveObject("1", Map.of("name", "red shoe"));
        search.index("items").search(SearchQuery.of("shoe"), Map.class);
        MockControl.post(
                MOCK.server(),
                "/_mock/monitoring/incidents",
                "{\"server\":\"" + TWO + "\",\"title\":\"Outage\",\"body\":\"\",\"status\":\"partial_outage\"}");

        ClusterHealthReport report = monitoring.clusterHealth(search.clusters().list().clusters().stream()
                .map(ClusterSummary::clusterName)
                .toList());

        assertThat(report.clusters()).extracting(ClusterHealth::cluster).containsExactly(ONE, TWO);
        assertThat(report.allOperational()).isFalse();
        assertThat(report.unhealthy()).extracting(ClusterHealth::cluster).containsExactly(TWO);
        ClusterHealth two = report.cluster(TWO).orElseThrow();
        assertThat(two.status()).isEqualTo(ServerStatus.PARTIAL_OUTAGE);
        assertThat(two.incidents()).extracting(Incident::title).containsExactly("Outage");
        assertThat(report.cluster(ONE).orElseThrow().averageLatencyMillis()).isPresent();
        assertThat(report.cluster(ONE).orElseThrow().latestLatency()).isPresent();

        ClusterHealthReport async = search.clusters()
                .listAsync()
                .thenCompose(r -> monitoring.clusterHealthAsync(
                        r.clusters().stream().map(ClusterSummary::clusterName).toList()))
                .join();
        assertThat(async).isEqualTo(report);
        assertThat(monitoring.clusterHealthAsync(List.of(ONE)).join().allOperational())
                .isTrue();
        assertThat(monitoring.clusterHealth(List.of()).clusters()).isEmpty();
    }
}
