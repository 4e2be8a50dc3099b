package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The monitoring control endpoints refuse what they cannot take with the service's error, naming the member, and
 * change nothing then: an unknown server, a status text, a member of another type than documented.
 */
class MonitoringControlRefusalsHttpTest {

    private static MockServer server;
    private static TestClient admin;
    private static TestClient monitoring;

    @BeforeAll
    static void start() {
        server = MockServer.builder().start();
        admin = new TestClient(server);
        monitoring = new TestClient(server, server.applicationId(), server.monitoringKey());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void anUnknownServerIsA404NotA500() {
        for (String path : new String[] {"/_mock/monitoring/status", "/_mock/monitoring/incidents"}) {
            // each with its own members: a status change has no title nor body
            String incident = path.endsWith("incidents") ? ", 'title': 't', 'body': 'b'" : "";
            Reply reply = admin.post(path, jq("{'server': 'nowhere', 'status': 'major_outage'" + incident + "}"));

            assertThat(reply.status()).as(path + ": " + reply).isEqualTo(404);
            assertThat(reply.body().get("message").asString()).contains("nowhere");
        }
    }

    @Test
    void anIncidentRefusedSetsNoStatus() {
        Reply refused = admin.post(
                "/_mock/monitoring/incidents", jq("{'server': 'mock-cluster-1-1', 'status': 'major_outage'}"));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").asString()).contains("title");
        assertThat(monitoring
                        .get("/1/status/mock-cluster-1-1")
                        .requireOk()
                        .body()
                        .toString())
                .doesNotContain("major_outage");
    }

    @Test
    void anUnknownStatusIsCutInTheMessage() {
        Reply reply = admin.post(
                "/_mock/monitoring/status",
                jq("{'server': 'mock-cluster-1-1', 'status': '" + "s".repeat(9_000) + "'}"));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("message").asString()).hasSizeLessThan(400);
    }

    @Test
    void inventoryMembersOfAnotherTypeAreRefusedByName() {
        String[][] cases = {
            {"{'servers': [{'name': 's', 'cluster': 'c', 'region': {}}]}", "region"},
            {"{'servers': [{'name': 's', 'cluster': 'c', 'is_replica': 'true'}]}", "is_replica"},
            {"{'servers': [{'name': 's', 'cluster': 'c', 'status': 7}]}", "status"},
            {"{'probes': [{'name': 'p', 'latitude': '48.8'}]}", "latitude"},
            {"{'probes': [{'name': 'p', 'longitude': 1e30}]}", "longitude"},
            {"{'probes': [{'name': 'p', 'regions': ['eu', 7]}]}", "regions"},
            {"{'probes': [{'name': 'p', 'city': ['Paris']}]}", "city"},
        };
        String before =
                monitoring.get("/1/inventory/servers").requireOk().body().toString();
        for (String[] refused : cases) {
            Reply reply = admin.put("/_mock/monitoring/inventory", jq(refused[0]));

            assertThat(reply.status()).as(refused[0]).isEqualTo(400);
            assertThat(reply.body().get("message").asString()).as(refused[0]).contains(refused[1]);
        }
        assertThat(monitoring.get("/1/inventory/servers").requireOk().body().toString())
                .isEqualTo(before);
    }

    /** A misspelt member was ignored: the call answered 200 and changed nothing it was asked to. */
    @Test
    void aMemberTheBodyDoesNotHaveIsRefusedByName() {
        String[][] cases = {
            {"/_mock/monitoring/inventory", "{'server': [{'name': 's', 'cluster': 'c'}]}", "server"},
            {"/_mock/monitoring/inventory", "{}", "servers, probes or both"},
            {"/_mock/monitoring/status", "{'server': 'mock-cluster-1-1', 'status': 'major_outage', 'until': 5}", "until"
            },
            {
                "/_mock/monitoring/incidents",
                "{'server': 'mock-cluster-1-1', 'status': 'major_outage', 'title': 't', 'bdy': 'b'}",
                "bdy"
            },
        };
        String before = monitoring.get("/1/status").requireOk().body().toString();
        for (String[] refused : cases) {
            Reply reply = refused[0].endsWith("inventory")
                    ? admin.put(refused[0], jq(refused[1]))
                    : admin.post(refused[0], jq(refused[1]));

            assertThat(reply.status()).as(refused[1]).isEqualTo(400);
            assertThat(reply.body().get("message").asString()).as(refused[1]).contains(refused[2]);
        }
        assertThat(monitoring.get("/1/status").requireOk().body().toString()).isEqualTo(before);
    }
}
