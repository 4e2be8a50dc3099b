package io.quarry.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.QuarryException;
import io.quarry.mockserver.MockServer;
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
import java.util.TreeMap;
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
        assertThat(monitoring.statusAsync().join().forServer(TWO)).contains(ServerStatus.OPERATIONAL);
        assertThat(monitoring.status(List.of(ONE)).forServer(TWO)).isEmpty();
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
                monitoring.incidents(List.of(ONE + "-2")).forServer(ONE + "-2").get(0);
        assertThat(incident.title()).isEqualTo("Slow searches");
        assertThat(incident.body()).isEqualTo("A disk is slow");
        assertThat(incident.status()).isEqualTo(ServerStatus.DEGRADED_PERFORMANCE);
        assertThat(incident.time()).isBetween(before, Instant.now().plusSeconds(1));
        assertThat(monitoring.incidentsAsync().join().forServer(ONE)).containsExactly(incident);
        assertThat(monitoring.incidents().forServer(TWO)).isEmpty();
        assertThat(monitoring.status(List.of(ONE)).forServer(ONE)).contains(ServerStatus.DEGRADED_PERFORMANCE);
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
    void latencyAndIndexingTimeArePresentForEveryClusterAndMovedByTheServersWork() {
        // a server with the same (default) seed and clock that serves nothing: what an idle cluster measures
        try (MockServer idleServer = MockServer.builder().start();
                MonitoringClient idle = MonitoringClient.create(MockServerClients.monitoringConfig(idleServer))) {
            // before any work every cluster has a point per minute of the last 24 hours (reading is no work), the
            // same as the idle server's
            List<TimePoint> unworked = monitoring.latency(List.of(ONE)).forServer(ONE);
            assertWholeDay(unworked);
            assertWholeDay(monitoring.indexingTime(List.of(TWO)).forServer(TWO));
            assertThat(raisedMinutes(unworked, idle.latency(List.of(ONE)).forServer(ONE)))
                    .isEmpty();

            Instant before = Instant.now();
            long started = System.nanoTime();
            search.index("items").saveObject("1", Map.of("name", "red shoe"));
            double saveMillis = (System.nanoTime() - started) / 1e6;
            started = System.nanoTime();
            search.index("items").search(SearchQuery.of("shoe"), Map.class);
            double searchMillis = (System.nanoTime() - started) / 1e6;
            Instant after = Instant.now();

            // the search raised exactly one minute of the cluster that served it (the first): the one it was
            // served in, by the server's time on it rounded up to the millisecond (within what the call took)
            List<TimePoint> latency = monitoring.latency(List.of(ONE)).forServer(ONE);
            assertWholeDay(latency);
            assertRaisedOnce(
                    raisedMinutes(latency, idle.latency(List.of(ONE)).forServer(ONE)), before, after, searchMillis);
            // the write likewise in the indexing time, of the cluster and of each of its servers; the search does
            // not enter the indexing time, nor the write the latency
            assertRaisedOnce(
                    raisedMinutes(
                            monitoring.indexingTime(List.of(ONE)).forServer(ONE),
                            idle.indexingTime(List.of(ONE)).forServer(ONE)),
                    before,
                    after,
                    saveMillis);
            assertRaisedOnce(
                    raisedMinutes(
                            monitoring
                                    .indexingTimeAsync(List.of(ONE + "-2"))
                                    .join()
                                    .forServer(ONE + "-2"),
                            idle.indexingTime(List.of(ONE + "-2")).forServer(ONE + "-2")),
                    before,
                    after,
                    saveMillis);
            // the other cluster served nothing: its series are the idle ones
            assertThat(raisedMinutes(
                            monitoring.latencyAsync(List.of(TWO)).join().forServer(TWO),
                            idle.latency(List.of(TWO)).forServer(TWO)))
                    .isEmpty();
            assertThat(raisedMinutes(
                            monitoring.indexingTime(List.of(TWO + "-1")).forServer(TWO + "-1"),
                            idle.indexingTime(List.of(TWO + "-1")).forServer(TWO + "-1")))
                    .isEmpty();
        }

        // a server's latency is the average of its relevant probes'; the other probes are farther away
        ProbeSeries relevant = monitoring.latencyByRelevantProbes(List.of(ONE + "-1"));
        assertThat(relevant.forServer(ONE + "-1")).containsOnlyKeys("paris", "frankfurt");
        ProbeSeries others =
                monitoring.latencyByOtherProbesAsync(List.of(ONE + "-1")).join();
        assertThat(others.forServer(ONE + "-1")).containsOnlyKeys("new-york", "singapore");
        Map<Instant, Double> paris = byMinute(relevant.forServer(ONE + "-1").get("paris"));
        Map<Instant, Double> frankfurt = byMinute(relevant.forServer(ONE + "-1").get("frankfurt"));
        Map<Instant, Double> newYork = byMinute(others.forServer(ONE + "-1").get("new-york"));
        byMinute(monitoring.latency(List.of(ONE + "-1")).forServer(ONE + "-1")).forEach((minute, value) -> {
            if (paris.containsKey(minute) && frankfurt.containsKey(minute)) {
                assertThat(value).isEqualTo((double) Math.round((paris.get(minute) + frankfurt.get(minute)) / 2));
            }
            if (newYork.containsKey(minute) && paris.containsKey(minute)) {
                assertThat(newYork.get(minute)).isGreaterThan(paris.get(minute));
            }
        });
        assertThat(monitoring.latencyByRelevantProbesAsync(List.of(ONE)).join().forServer(ONE))
                .hasSize(2);
        assertThat(monitoring.latencyByOtherProbes(List.of(ONE)).forServer(ONE)).hasSize(2);
    }

    /** A series of the probes: one point per minute of the last 24 hours, the last one the current minute. */
    private static void assertWholeDay(List<TimePoint> series) {
        assertThat(series).hasSize(1440);
        for (int i = 1; i < series.size(); i++) {
            assertThat(Duration.between(series.get(i - 1).time(), series.get(i).time()))
                    .isEqualTo(Duration.ofMinutes(1));
        }
        assertThat(series.get(0).time()).isEqualTo(series.get(0).time().truncatedTo(ChronoUnit.MINUTES));
        assertThat(series.get(series.size() - 1).time())
                .isBetween(Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(1)), Instant.now());
        assertThat(series).allSatisfy(point -> assertThat(point.value()).isPositive());
    }

    /**
     * {@return by how much a series exceeds the idle one, for each minute both hold where they differ}: both
     * servers read the same clock, but a minute may pass between the two reads
     */
    private static Map<Instant, Double> raisedMinutes(List<TimePoint> worked, List<TimePoint> idle) {
        Map<Instant, Double> idleByMinute = byMinute(idle);
        Map<Instant, Double> raised = new TreeMap<>();
        byMinute(worked).forEach((minute, value) -> {
            Double idleValue = idleByMinute.get(minute);
            if (idleValue != null && !idleValue.equals(value)) {
                raised.put(minute, value - idleValue);
            }
        });
        return raised;
    }

    private static Map<Instant, Double> byMinute(List<TimePoint> series) {
        Map<Instant, Double> byMinute = new TreeMap<>();
        series.forEach(point -> byMinute.put(point.time(), point.value()));
        return byMinute;
    }

    /**
     * One call raised one minute: the one it was served in, between the minutes before and after the call, by at
     * least 1 ms and at most what the call took, rounded up (the server's time on it, rounded up).
     */
    private static void assertRaisedOnce(
            Map<Instant, Double> raised, Instant before, Instant after, double callMillis) {
        assertThat(raised).hasSize(1);
        Map.Entry<Instant, Double> minute = raised.entrySet().iterator().next();
        assertThat(minute.getKey())
                .isBetween(before.truncatedTo(ChronoUnit.MINUTES), after.truncatedTo(ChronoUnit.MINUTES));
        assertThat(minute.getValue()).isBetween(1.0, Math.ceil(callMillis));
    }

    @Test
    void reachabilityFollowsTheStatus() {
        assertThat(monitoring.reachability(List.of(ONE)).reachableFromEveryProbe(ONE))
                .isTrue();
        MockControl.post(
                MOCK.server(), "/_mock/monitoring/status", "{\"server\":\"" + TWO + "\",\"status\":\"major_outage\"}");
        assertThat(monitoring.reachabilityAsync(List.of(TWO)).join().forServer(TWO))
                .containsEntry("paris", false);
    }

    @Test
    void infrastructurePeriodsHaveTheirPointsAtTheirResolution() {
        for (InfrastructurePeriod period : InfrastructurePeriod.values()) {
            InfrastructureMetrics metrics = monitoring.infrastructure(InfrastructureMetric.RAM_SEARCH_USAGE, period);
            List<TimePoint> points =
                    metrics.forMetric(InfrastructureMetric.RAM_SEARCH_USAGE).forServer(ONE + "-1");
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
        assertThat(all.forMetric(InfrastructureMetric.CPU_USAGE).forServer(TWO + "-dsn-1"))
                .hasSize(10);
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
            assertThat(wrong.status().forServer(ONE)).contains(ServerStatus.OPERATIONAL);
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
