package io.quarry.monitoring;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.Host;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.monitoring.model.InfrastructureMetric;
import io.quarry.monitoring.model.InfrastructurePeriod;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to every monitoring call: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;
    private static final List<String> CLUSTERS = List.of("mock-cluster-1");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final MonitoringClient client =
            MonitoringClient.create(MockServerClients.monitoringConfig(MOCK.server()).toBuilder()
                    .hosts(Host.of(WireMockClients.url(WM)))
                    .build());

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        MockControl.post(
                MOCK.server(),
                "/_mock/monitoring/incidents",
                "{\"server\":\"mock-cluster-1\",\"title\":\"Slow\",\"body\":\"A disk\",\"status\":\"degraded_performance\"}");

        MutatedAnswers.of(WM, MOCK.server().url())
                .call("status", () -> client.status(CLUSTERS))
                .call("incidents", () -> client.incidents(CLUSTERS))
                .call("inventoryServers", client::inventoryServers)
                .call("inventoryProbes", client::inventoryProbes)
                .call("latency", () -> client.latency(CLUSTERS))
                .call("latencyByRelevantProbes", () -> client.latencyByRelevantProbes(CLUSTERS))
                .call("indexingTime", () -> client.indexingTime(CLUSTERS))
                .call("reachability", () -> client.reachability(CLUSTERS))
                .call("infrastructure", () -> client.infrastructure(InfrastructureMetric.ALL, InfrastructurePeriod.DAY))
                .call("clusterHealth", () -> client.clusterHealth(CLUSTERS))
                .call(
                        "clusterHealthAsync",
                        () -> client.clusterHealthAsync(CLUSTERS).join())
                // measures, which the mock server gives as whole numbers
                .fractions("$.metrics.*.*[*].v", "$.metrics.*.*.*[*].v")
                .check(SEED, 110)
                .checkTypes(SEED, 40);
    }
}
