package io.quarry.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarry.testcontainers.internal.ControlEndpoint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The helper's rule IDs and removal, against a stand-in for the control endpoints (the real server's answers are
 * pinned by the mock server's own tests): what is sent, and how the answers are read. No Docker needed.
 */
class MockHostFaultRemovalTest {

    /** Host 1 has a hold (no ID) and rules 4 and 7; host 0 has rule 2. */
    private static final String HOSTS = "{\"hosts\": ["
            + "{\"host\": 0, \"faults\": [{\"id\": 2, \"fault\": {\"type\": \"status\", \"status\": 500}}]},"
            + "{\"host\": 1, \"faults\": [{\"type\": \"hold\", \"until\": \"2026-01-01T00:00:30Z\"},"
            + " {\"id\": 4, \"fault\": {\"type\": \"status\", \"status\": 503, \"headers\": {\"id\": \"9\"}}},"
            + " {\"id\": 7, \"fault\": {\"type\": \"closeBeforeResponse\"}}]}]}";

    private final List<String> received = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private MockHostFaults faults;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/_mock/", this::answer);
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        faults = new MockHostFaults(1, new ControlEndpoint(url, "admin-key"));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String call =
                exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath() + " "
                        + exchange.getRequestHeaders().getFirst("X-Service-API-Key");
        received.add(call);
        int status;
        String body;
        switch (call) {
            case "GET /_mock/hosts admin-key" -> {
                status = 200;
                body = HOSTS;
            }
            case "DELETE /_mock/hosts/1/faults/7 admin-key" -> {
                status = 200;
                body = "{\"host\": 1, \"id\": 7, \"status\": \"removed\"}";
            }
            case "DELETE /_mock/hosts/1/faults/8 admin-key" -> {
                status = 404;
                body = "{\"message\": \"No active fault rule 8 for host 1\", \"status\": 404}";
            }
            default -> {
                status = 403;
                body = "{\"message\": \"Invalid Application-ID or API key\", \"status\": 403}";
            }
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Test
    void theHostsRuleIdsAreItsRulesOnlyInOrder() {
        assertThat(faults.ruleIds()).containsExactly(4L, 7L);
    }

    @Test
    void removingSaysWhetherTheRuleWasActive() {
        assertThat(faults.remove(7)).isTrue();
        assertThat(faults.remove(8)).isFalse();
        assertThat(received)
                .containsExactly(
                        "DELETE /_mock/hosts/1/faults/7 admin-key", "DELETE /_mock/hosts/1/faults/8 admin-key");
    }

    @Test
    void anIdNoRuleCanHaveRemovesNothingAndAsksNothing() {
        assertThat(faults.remove(-1)).isFalse();
        assertThat(faults.remove(Long.MIN_VALUE)).isFalse();
        assertThat(faults.remove(0)).isFalse();
        assertThat(received).isEmpty();
    }

    @Test
    void aRefusalIsAnErrorNotAnAnswer() {
        assertThatThrownBy(() -> faults.remove(5))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("DELETE /_mock/hosts/1/faults/5 answered 403")
                .hasMessageNotContaining("admin-key");
    }
}
