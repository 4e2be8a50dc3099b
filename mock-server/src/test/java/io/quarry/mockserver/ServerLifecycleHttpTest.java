package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.Eventually;
import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.TestClient;
import java.io.UncheckedIOException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;

/** Closing stops every thread, and so does a start that fails; the request log and CORS preflights stay bounded and clean. */
@Timeout(60)
// Alone: it looks for the JVM's mock server threads, which other classes' servers would add to.
@Isolated
class ServerLifecycleHttpTest {

    @Test
    void closeStopsEveryThread() {
        MockServer server = MockServer.builder().start();
        TestClient client = new TestClient(server);
        for (int i = 0; i < 20; i++) {
            client.get("/1/indexes").requireOk();
        }
        server.close();
        assertThat(server.threadsStopped()).isTrue();
    }

    @Test
    void aStartFailingOnAnInvalidSeedLeavesNoThread() throws InterruptedException {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        assertThatThrownBy(() -> MockServer.builder()
                        .seedJson("{\"indices\": {\"products\": \"not an object\"}}")
                        .start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("invalid seed");
        awaitNoServerThreadBut(before);
    }

    @Test
    void aStartFailingOnATakenPortLeavesNoThread() throws InterruptedException {
        try (MockServer first = MockServer.builder().start()) {
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            assertThatThrownBy(() -> MockServer.builder().port(first.port()).start())
                    .isInstanceOf(UncheckedIOException.class);
            awaitNoServerThreadBut(before);
        }
    }

    /** Waits until the mock server's threads started after {@code before} have all ended. */
    private static void awaitNoServerThreadBut(Set<Thread> before) throws InterruptedException {
        Eventually.waitUntil(
                "the failed start's threads end",
                () -> Thread.getAllStackTraces().keySet().stream()
                        .filter(thread -> !before.contains(thread))
                        .noneMatch(thread -> thread.getName().startsWith("quarry-mock-server")));
    }

    @Test
    void theRequestLogCutsLongUrlsAndHeaders() {
        try (MockServer server = MockServer.builder().start()) {
            TestClient client = new TestClient(server);
            String longValue = "v".repeat(30_000);
            for (int i = 0; i < 50; i++) {
                client.send(client.request("GET", "/1/indexes?junk=" + longValue, null)
                        .header("User-Agent", longValue)
                        .build());
            }
            TestClient.Reply logs = client.get("/1/logs?length=1000").requireOk();
            logs.body().get("logs").forEach(entry -> {
                assertThat(entry.get("url").stringValue().length()).isLessThanOrEqualTo(1003);
                assertThat(entry.get("query_headers").stringValue().length()).isLessThan(2000);
            });
        }
    }

    @Test
    void corsPreflightsEchoNoControlCharacters() {
        try (MockServer server = MockServer.builder().start();
                RawConnection connection = new RawConnection(server.host(), server.port())) {
            String answer = connection
                    .send("OPTIONS /1/indexes HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                            + "Access-Control-Request-Headers: X-Good, X-Evil\u0001Injected: yes\r\n\r\n")
                    .readAvailable();
            assertThat(answer).doesNotContain("\u0001").doesNotContain("Injected");
        }
    }
}
