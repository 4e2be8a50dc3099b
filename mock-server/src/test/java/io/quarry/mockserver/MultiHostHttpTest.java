package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.HostConnections;
import io.quarry.mockserver.testing.HostsOnOneServer;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One server, several hosts: the same application on each port, faults scripted per host. */
@Timeout(60)
class MultiHostHttpTest {

    private final HostsOnOneServer fixture = new HostsOnOneServer(3);
    private final MutableClock clock = fixture.clock();
    private final MockServer server = fixture.server();
    private final List<MockHost> hosts = fixture.hosts();

    @AfterEach
    void close() {
        fixture.close();
    }

    @Test
    void everyHostServesTheSameApplicationOnAPortOfItsOwn() {
        assertThat(hosts).hasSize(3);
        assertThat(hosts.get(0).url()).isEqualTo(server.url());
        assertThat(hosts.get(0).port()).isEqualTo(server.port());
        assertThat(hosts).extracting(MockHost::port).doesNotHaveDuplicates();
        assertThat(hosts).extracting(MockHost::index).containsExactly(0, 1, 2);
        assertThat(hosts.get(2).url())
                .isEqualTo("http://127.0.0.1:" + hosts.get(2).port());

        assertThat(fixture.on(0)
                        .put("/1/indexes/books/1", "{\"title\": \"Dune\"}")
                        .status())
                .isEqualTo(200);
        assertThat(fixture.on(2)
                        .get("/1/indexes/books/1")
                        .requireOk()
                        .body()
                        .get("title")
                        .stringValue())
                .isEqualTo("Dune");
        assertThat(fixture.on(1).get("/1/logs").requireOk().body().get("logs")).hasSize(2);

        assertThat(hosts).extracting(MockHost::requestCount).containsExactly(1L, 1L, 1L);
        fixture.on(1).get("/_mock/version").requireOk();
        assertThat(hosts.get(1).requestCount())
                .as("control endpoints are not counted")
                .isEqualTo(1);
    }

    @Test
    void aRefusingHostRefusesConnectionsUntilItsTimeHasPassedOnTheServersClock() throws Exception {
        TestClient first = fixture.on(1);
        assertThat(first.get("/1/indexes").status()).isEqualTo(200);

        hosts.get(1).faults().refuseConnections(Duration.ofSeconds(30));

        assertThat(hosts.get(1).acceptsConnections()).isFalse();
        assertThat(HostConnections.accepted(hosts.get(1))).isFalse();
        assertThatThrownBy(() -> first.get("/1/indexes"))
                .as("the connection open before is closed")
                .hasCauseInstanceOf(IOException.class);
        assertThat(fixture.call(0)).isEqualTo(200);
        assertThat(fixture.call(2)).isEqualTo(200);

        clock.advance(Duration.ofSeconds(29));
        assertThat(hosts.get(1).acceptsConnections()).isFalse();
        clock.advance(Duration.ofSeconds(1));
        Eventually.waitUntil("host 1 to listen again", () -> hosts.get(1).acceptsConnections());

        assertThat(HostConnections.accepted(hosts.get(1))).isTrue();
        assertThat(fixture.call(1)).isEqualTo(200);
        assertThat(first.get("/1/indexes").status())
                .as("a client of the port, as before")
                .isEqualTo(200);
    }

    @Test
    void aRefusingHostKeepsItsPortFromAnyOtherServer() throws Exception {
        int port = hosts.get(1).port();
        hosts.get(1).faults().refuseConnections(Duration.ofSeconds(30));

        assertThat(boundElsewhere(port)).as("the port is held").isFalse();
        assertThat(HostConnections.accepted(hosts.get(1))).isFalse();
        clock.advance(Duration.ofSeconds(30));
        Eventually.waitUntil("host 1 to listen again", () -> hosts.get(1).acceptsConnections());
        assertThat(fixture.call(1)).isEqualTo(200);
    }

    @Test
    void stoppingTheServerLetsARefusingHostsPortGo() throws Exception {
        int port;
        try (HostsOnOneServer other = new HostsOnOneServer(2)) {
            port = other.hosts().get(1).port();
            other.hosts().get(1).faults().refuseConnections(Duration.ofHours(1));
        }
        assertThat(boundElsewhere(port)).isTrue();
    }

    /** {@return whether a server socket of another owner could bind the port, without sharing it} */
    private static boolean boundElsewhere(int port) throws IOException {
        try (ServerSocket other = new ServerSocket()) {
            other.setReuseAddress(false);
            other.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (BindException taken) {
            return false;
        }
    }

    @Test
    void aStatusForAWhileAnswersEveryRequestOfThatHostUntilTheTimeHasPassed() {
        hosts.get(0).faults().during(Duration.ofSeconds(30), Fault.status(503));

        assertThat(fixture.call(0)).isEqualTo(503);
        assertThat(fixture.call(0)).isEqualTo(503);
        assertThat(fixture.call(1)).isEqualTo(200);
        clock.advance(Duration.ofSeconds(30));
        assertThat(fixture.call(0)).isEqualTo(200);
        assertThat(hosts).extracting(MockHost::requestCount).containsExactly(3L, 1L, 0L);
    }

    @Test
    void aStatusForTheNextRequestsEndsAfterThem() {
        hosts.get(2).faults().next(2, Fault.status(503));

        assertThat(fixture.call(2)).isEqualTo(503);
        assertThat(fixture.call(0)).isEqualTo(200);
        assertThat(fixture.call(2)).isEqualTo(503);
        assertThat(fixture.call(2)).isEqualTo(200);
    }

    @Test
    void aHostsFaultsComeBeforeTheServerWideOnesAndSpareTheControlEndpoints() {
        server.faults().next(1, "*", "/**", Fault.status(500));
        hosts.get(0).faults().next(1, Fault.status(503));

        assertThat(fixture.call(0)).isEqualTo(503);
        assertThat(fixture.call(0)).isEqualTo(500);
        assertThat(fixture.call(0)).isEqualTo(200);

        hosts.get(1).faults().during(Duration.ofMinutes(1), Fault.status(503));
        assertThat(fixture.on(1).get("/_mock/version").status()).isEqualTo(200);
    }

    @Test
    void aHeldRequestIsClosedUnansweredAndUnappliedWhenTheHoldEnds() throws Exception {
        hosts.get(1).faults().hold(Duration.ofSeconds(10));
        CompletableFuture<HttpResponse<String>> answer = fixture.writeReceivedBy(1);
        assertThat(fixture.call(0)).isEqualTo(200);
        assertThat(answer).isNotDone();

        clock.advance(Duration.ofSeconds(10));
        Eventually.waitUntil("the held request to end", answer::isDone);
        assertThatThrownBy(answer::get).isInstanceOf(ExecutionException.class).hasCauseInstanceOf(IOException.class);
        assertThat(fixture.on(0).get("/1/indexes/books/1").status()).isEqualTo(404);
        assertThat(fixture.on(1).get("/1/indexes").status()).isEqualTo(200);
    }

    @Test
    void clearingAHostsFaultsEndsThemAtOnce() {
        hosts.get(0).faults().refuseConnections(Duration.ofHours(1));
        hosts.get(0).faults().during(Duration.ofHours(1), Fault.status(503));

        hosts.get(0).faults().clear();

        assertThat(hosts.get(0).acceptsConnections()).isTrue();
        assertThat(fixture.call(0)).isEqualTo(200);
    }

    @Test
    void aResetOpensEveryHostAgainClearsTheirFaultsAndCounts() {
        fixture.call(0);
        fixture.call(2);
        hosts.get(1).faults().refuseConnections(Duration.ofHours(1));
        hosts.get(2).faults().during(Duration.ofHours(1), Fault.status(503));

        server.reset();

        assertThat(hosts).extracting(MockHost::requestCount).containsOnly(0L);
        assertThat(hosts.get(1).acceptsConnections()).isTrue();
        assertThat(fixture.call(1)).isEqualTo(200);
        assertThat(fixture.call(2)).isEqualTo(200);
    }

    @Test
    void theHostCountAndDurationsAreChecked() {
        assertThatThrownBy(() -> MockServer.builder().hosts(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MockServer.builder().hosts(MockServer.MAX_HOSTS + 1))
                .isInstanceOf(IllegalArgumentException.class);
        HostFaults faults = hosts.get(0).faults();
        assertThatThrownBy(() -> faults.refuseConnections(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> faults.during(Duration.ofSeconds(-1), Fault.status(503)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> faults.next(0, Fault.status(503))).isInstanceOf(IllegalArgumentException.class);
        assertThat(hosts.get(0).acceptsConnections()).isTrue();
    }

    @Test
    void aSingleHostServerHasOneHost() {
        try (MockServer single = MockServer.builder().start()) {
            assertThat(single.hosts()).hasSize(1);
            assertThat(single.hosts().get(0).url()).isEqualTo(single.url());
        }
    }

    @Test
    void everyHostSpeaksHttpsWithTheSameCertificate() {
        try (MockServer secure = MockServer.builder().hosts(2).https().start()) {
            for (MockHost host : secure.hosts()) {
                assertThat(host.url()).startsWith("https://127.0.0.1:");
                assertThat(new TestClient(secure).onHost(host).get("/1/indexes").status())
                        .isEqualTo(200);
            }
            secure.hosts().get(1).faults().refuseConnections(Duration.ofHours(1));
            secure.hosts().get(1).faults().clear();
            assertThat(new TestClient(secure)
                            .onHost(secure.hosts().get(1))
                            .get("/1/indexes")
                            .status())
                    .isEqualTo(200);
        }
    }
}
