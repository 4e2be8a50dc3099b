package io.quarry.mockserver.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The image's health check where the server is set up otherwise than by the image's defaults: it checks the port,
 * the scheme and the admin key the server has, however they were given. Run as Docker runs it (the image's HEALTHCHECK
 * command, in the container), once the server listens, rather than waiting for Docker's next round.
 */
@Tag("containers")
@ExtendWith(DockerRequired.class)
// Alone: the container tests share the Docker daemon and run alone, as they did before classes ran beside each other.
@Isolated
class HealthCheckImageTest {

    @Test
    void checksThePortAndSchemeTheServerListensOnHoweverTheyWereGiven() {
        // HTTPS by its variable in capitals, as the server reads it; the port after the image name, which wins over
        // the variable; under an init process, where the server is not PID 1. One container, as each costs a start.
        try (RunningContainer container = RunningContainer.start(
                List.of("--init", "-e", "QUARRY_MOCK_HTTPS=TRUE"), List.of(), List.of("--port", "9443"))) {
            assertThat(container.lines())
                    .last()
                    .asString()
                    .startsWith("listening on https://")
                    .endsWith(":9443");

            container.healthCheck(List.of());
            // it checks something: where nothing listens, the same check fails
            assertThatThrownBy(() -> container.healthCheck(List.of("-e", "QUARRY_MOCK_HTTPS=false")))
                    .hasMessageContaining("exited 1");
        }
    }

    @Test
    void findsTheFreePortsTheServerTookForPortZero() {
        // --port 0 (here by its variable) lets the system choose each host's port: the check finds them among the
        // server's sockets, the server's process being init's child
        try (RunningContainer container = RunningContainer.start(
                List.of("--init", "-e", "QUARRY_MOCK_PORT=0"), List.of(), List.of("--hosts", "2"))) {
            assertThat(container.lines()).last().asString().doesNotEndWith(":0");

            container.healthCheck(List.of());
            // it asked those ports: with another key than the server's, each answers 403
            assertThatThrownBy(() -> container.healthCheck(List.of("-e", "QUARRY_MOCK_ADMIN_KEY=not-the-key")))
                    .hasMessageContaining("HTTP/1.1 403");
        }
    }

    @Test
    void asksEveryHostWithTheAdminKeyGivenAfterTheImageName() throws Exception {
        // the key and the hosts after the image name win over the variables, as the server reads them
        try (RunningContainer container = RunningContainer.start(
                List.of("-e", "QUARRY_MOCK_ADMIN_KEY=variable-admin-key"),
                List.of(8081),
                List.of("--admin-key", "command-line-admin-key", "--hosts", "2"))) {
            // the variable's key is not the server's: checked with it, the check would fail
            container.healthCheck(List.of());

            // host 0 refuses connections for a while, as a test of failover tells it to: host 1 still answers
            HttpResponse<String> refusing = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(container.publishedUrl(8081) + "/_mock/hosts/0/faults"))
                                    .header("X-Service-API-Key", "command-line-admin-key")
                                    .POST(HttpRequest.BodyPublishers.ofString(
                                            "{\"type\": \"refuseConnections\", \"durationMs\": 60000}"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(refusing.statusCode()).as(refusing.body()).isEqualTo(200);
            container.healthCheck(List.of());
        }
    }
}
