package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Monitoring over HTTP: public and keyed routes, unknown servers, incidents, infrastructure (the probes' series:
 * {@link MonitoringProbesHttpTest}).
 */
class MonitoringHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private TestClient admin;
    private TestClient anonymous;
    private TestClient monitoring;

    @BeforeEach
    void clients(MockServer server) {
        admin = new TestClient(server);
        anonymous = new TestClient(server, null, null);
        monitoring = new TestClient(server, server.applicationId(), server.monitoringKey());
    }

    @Test
    void statusListsTheClustersAndServersOfTheApplication() {
        JsonNode status = anonymous.get("/1/status").requireOk().body().get("status");
        assertThat(status.get("mock-cluster-1").asString()).isEqualTo("operational");
        assertThat(status.get("mock-cluster-2-3").asString()).isEqualTo("operational");
        assertThat(status.get("mock-cluster-2-dsn-1").asString()).isEqualTo("operational");
    }

    @Test
    void unknownServersAreA400WithReason() {
        Reply reply = anonymous.get("/1/status/mock-cluster-1,nope");
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("reason").asString()).isEqualTo("Unknown servers");
        // the documents give every monitoring refusal a message
        assertThat(reply.body().get("message").asString()).isEqualTo("Unknown servers");
        assertThat(reply.body().get("status").asInt()).isEqualTo(400);
        assertThat(anonymous.get("/1/latency/nope").status()).isEqualTo(400);
    }

    @Test
    void inventoryAndInfrastructureNeedTheMonitoringKey() {
        assertThat(anonymous.get("/1/inventory/servers").status()).isIn(401, 403);
        JsonNode servers =
                monitoring.get("/1/inventory/servers").requireOk().body().get("inventory");
        assertThat(servers).hasSize(8);
        JsonNode first = servers.get(0);
        assertThat(first.get("name").asString()).isEqualTo("mock-cluster-1-1");
        assertThat(first.get("cluster").asString()).isEqualTo("mock-cluster-1");
        assertThat(first.get("is_replica").asBoolean()).isFalse();
        assertThat(first.get("status").asString()).isEqualTo("PRODUCTION");
        JsonNode replica = servers.get(3);
        assertThat(replica.get("name").asString()).isEqualTo("mock-cluster-1-dsn-1");
        assertThat(replica.get("is_replica").asBoolean()).isTrue();
        // the service's only server type, replicas included
        assertThat(servers)
                .allSatisfy(server -> assertThat(server.get("type").asString()).isEqualTo("cluster"));
        assertThat(monitoring.get("/1/inventory/probes").requireOk().body().get("probes"))
                .hasSize(4);
    }

    @Test
    void anInjectedIncidentIsReadBackAndSetsTheStatus() {
        admin.post(
                        "/_mock/monitoring/incidents",
                        jq("{'server':'mock-cluster-1-2','title':'Slow','body':'Disk','status':'major_outage'}"))
                .requireOk();
        JsonNode incidents =
                anonymous.get("/1/incidents/mock-cluster-1").requireOk().body().get("incidents");
        JsonNode incident = incidents.get("mock-cluster-1").get(0);
        assertThat(incident.get("v").get("title").asString()).isEqualTo("Slow");
        assertThat(incident.get("t").asLong()).isPositive();
        assertThat(anonymous
                        .get("/1/status/mock-cluster-1,mock-cluster-1-1")
                        .requireOk()
                        .body()
                        .get("status"))
                .hasToString("{\"mock-cluster-1\":\"major_outage\",\"mock-cluster-1-1\":\"operational\"}");
        JsonNode reach = anonymous
                .get("/1/reachability/mock-cluster-1-2/probes")
                .requireOk()
                .body();
        assertThat(reach.get("mock-cluster-1-2").get("paris").asBoolean()).isFalse();
        assertThat(admin.post("/_mock/monitoring/status", jq("{'server':'mock-cluster-1-2','status':'bad'}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void infrastructurePeriodsHaveExactlyTheirPoints() {
        JsonNode all = monitoring
                .get("/1/infrastructure/*/period/day")
                .requireOk()
                .body()
                .get("metrics");
        assertThat(all.propertyNames())
                .containsExactly("avg_build_time", "ssd_usage", "ram_search_usage", "ram_indexing_usage", "cpu_usage");
        JsonNode points = all.at("/ram_search_usage/mock-cluster-1-1");
        assertThat(points).hasSize(144);
        assertThat(points.get(1).get("t").asLong() - points.get(0).get("t").asLong())
                .isEqualTo(600);
        assertThat(points.get(143).get("v").asLong()).isPositive();
        assertThat(monitoring
                        .get("/1/infrastructure/cpu_usage/period/minute")
                        .requireOk()
                        .body()
                        .at("/metrics/cpu_usage/mock-cluster-1-1"))
                .hasSize(10);
        assertThat(monitoring.get("/1/infrastructure/disk/period/day").status()).isEqualTo(400);
        assertThat(monitoring.get("/1/infrastructure/cpu_usage/period/year").status())
                .isEqualTo(400);
    }

    @Test
    void theInventoryCanBeReplaced() {
        admin.send(
                        "PUT",
                        "/_mock/monitoring/inventory",
                        jq("{'servers':[{'name':'c9-us-1','region':'us','cluster':'c9-us'}],"
                                + "'probes':[{'name':'boston','city':'Boston','country':'US','regions':['us']}]}"))
                .requireOk();
        JsonNode servers =
                monitoring.get("/1/inventory/servers").requireOk().body().get("inventory");
        assertThat(servers).hasSize(1);
        assertThat(anonymous.get("/1/status").requireOk().body().get("status").propertyNames())
                .containsExactly("c9-us", "c9-us-1");
        JsonNode relevant =
                anonymous.get("/1/latency/c9-us/probes/relevant").requireOk().body();
        assertThat(relevant.at("/metrics/latency_by_probes/c9-us").propertyNames())
                .containsExactly("boston");
        assertThat(anonymous.get("/1/status/mock-cluster-1").status()).isEqualTo(400);
        assertThat(admin.send("PUT", "/_mock/monitoring/inventory", jq("{'servers':[]}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void aServerOrClusterNameWithACommaIsRefused() {
        for (String server : List.of("{'name':'a,b','cluster':'c'}", "{'name':'a','cluster':'c,d'}")) {
            Reply reply = admin.send("PUT", "/_mock/monitoring/inventory", jq("{'servers':[" + server + "]}"));

            assertThat(reply.status()).as(server).isEqualTo(400);
            assertThat(reply.body().get("message").asString()).contains("comma");
        }
        assertThat(anonymous.get("/1/status/mock-cluster-1").status()).isEqualTo(200);
    }
}
