package io.quarry.monitoring;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.BadRequestException;
import io.quarry.core.DeserializationException;
import io.quarry.core.InvalidRequestException;
import io.quarry.monitoring.model.Incident;
import io.quarry.monitoring.model.InfrastructureMetric;
import io.quarry.monitoring.model.InfrastructureMetrics;
import io.quarry.monitoring.model.InfrastructurePeriod;
import io.quarry.monitoring.model.ServerStatus;
import io.quarry.monitoring.model.TimePoint;
import io.quarry.testsupport.WireMockClients;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Request and answer shapes of the monitoring endpoints, pinned with WireMock. */
class MonitoringRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final MonitoringClient client = MonitoringClient.create(WireMockClients.config(WM));

    @Test
    void serverListsAreOneCommaSeparatedSegment() {
        WM.stubFor(get(anyUrl()).willReturn(okJson("{\"status\":{\"c1-eu\":\"operational\"}}")));

        client.status(List.of("c1-eu", "c2-eu-1"));

        WM.verify(getRequestedFor(urlEqualTo("/1/status/c1-eu%2Cc2-eu-1"))
                .withHeader("X-Service-Application-Id", equalTo(WireMockClients.APP_ID))
                .withHeader("X-Service-API-Key", equalTo(WireMockClients.API_KEY)));
    }

    @Test
    void everyEndpointHasItsPath() {
        WM.stubFor(get(anyUrl()).willReturn(okJson("{}")));
        List<String> one = List.of("c1");

        client.status();
        client.incidents();
        client.incidents(one);
        client.inventoryServers();
        client.inventoryProbes();
        client.latency(one);
        client.latencyByRelevantProbes(one);
        client.latencyByOtherProbes(one);
        client.indexingTime(one);
        client.reachability(one);
        client.infrastructure(InfrastructureMetric.SSD_USAGE, InfrastructurePeriod.WEEK);
        client.infrastructure(InfrastructureMetric.ALL, InfrastructurePeriod.MONTH);

        for (String path : List.of(
                "/1/status",
                "/1/incidents",
                "/1/incidents/c1",
                "/1/inventory/servers",
                "/1/inventory/probes",
                "/1/latency/c1",
                "/1/latency/c1/probes/relevant",
                "/1/latency/c1/probes/others",
                "/1/indexing/c1",
                "/1/reachability/c1/probes",
                "/1/infrastructure/ssd_usage/period/week",
                "/1/infrastructure/%2A/period/month")) {
            WM.verify(getRequestedFor(urlEqualTo(path)));
        }
    }

    @Test
    void aReachabilityThatIsNoJsonBooleanFailsNamingTheProbe() {
        for (String reachable : List.of("1", "\"true\"", "0.5")) {
            WM.stubFor(get("/1/reachability/c1/probes")
                    .willReturn(okJson("{\"c1\":{\"paris\":true,\"tokyo\":" + reachable + "}}")));

            assertThatThrownBy(() -> client.reachability(List.of("c1")))
                    .as(reachable)
                    .isInstanceOf(DeserializationException.class)
                    .extracting(e -> ((DeserializationException) e).jsonPath())
                    .isEqualTo("$.c1.tokyo");
        }
        WM.stubFor(get("/1/reachability/c1/probes").willReturn(okJson("{\"c1\":{\"paris\":true},\"c2\":null}")));

        assertThat(client.reachability(List.of("c1")).reachableFromEveryProbe("c1"))
                .isTrue();
        assertThat(client.reachability(List.of("c1")).forServer("c2")).isEmpty();
    }

    @Test
    void unknownStatusValuesAreKept() {
        WM.stubFor(
                get("/1/status").willReturn(okJson("{\"status\":{\"c1\":\"maintenance\",\"c2\":\"major_outage\"}}")));

        ServerStatus maintenance = client.status().forServer("c1").orElseThrow();

        assertThat(maintenance.name()).isEqualTo("maintenance");
        assertThat(maintenance.isKnown()).isFalse();
        assertThat(maintenance.isOperational()).isFalse();
        assertThat(client.status().forServer("c2")).containsSame(ServerStatus.MAJOR_OUTAGE);
    }

    @Test
    void incidentsAndTimePointsReadTheirTimestamps() {
        WM.stubFor(get("/1/incidents/c1")
                .willReturn(okJson("{\"incidents\":{\"c1\":[{\"t\":1700000000000,"
                        + "\"v\":{\"title\":\"T\",\"body\":\"B\",\"status\":\"investigating\"}}]}}")));
        WM.stubFor(get("/1/infrastructure/cpu_usage/period/minute")
                .willReturn(okJson("{\"metrics\":{\"cpu_usage\":{\"c1-1\":[{\"t\":1700000000,\"v\":93}]},"
                        + "\"new_metric\":{\"c1-1\":[{\"t\":1700000000000,\"v\":1.5}]}}}")));

        Incident incident = client.incidents(List.of("c1")).forServer("c1").get(0);
        assertThat(incident.time()).isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
        assertThat(incident.status().name()).isEqualTo("investigating");

        InfrastructureMetrics metrics =
                client.infrastructure(InfrastructureMetric.CPU_USAGE, InfrastructurePeriod.MINUTE);
        TimePoint seconds = metrics.forMetric(InfrastructureMetric.CPU_USAGE)
                .forServer("c1-1")
                .get(0);
        assertThat(seconds.time()).isEqualTo(Instant.ofEpochSecond(1_700_000_000L));
        assertThat(seconds.value()).isEqualTo(93);
        assertThat(metrics.byMetric().get("new_metric").forServer("c1-1").get(0).time())
                .isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
    }

    @Test
    void unknownServersAreABadRequestWithTheReason() {
        WM.stubFor(get("/1/latency/nope")
                .willReturn(aResponse().withStatus(400).withBody("{\"reason\":\"Unknown servers\"}")));

        assertThatThrownBy(() -> client.latency(List.of("nope")))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Unknown servers");
    }

    @Test
    void invalidServerListsFailBeforeAnyCall() {
        assertThatThrownBy(() -> client.status(List.of())).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> client.incidents(List.of("a,b"))).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> client.indexingTimeAsync(List.of(" "))).isInstanceOf(InvalidRequestException.class);
        WM.verify(0, anyRequestedFor(anyUrl()));
    }
}
