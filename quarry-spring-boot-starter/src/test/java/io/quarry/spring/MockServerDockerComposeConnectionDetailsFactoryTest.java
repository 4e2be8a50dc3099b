package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ConfigurationException;
import io.quarry.core.Host;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;
import org.springframework.boot.docker.compose.core.ConnectionPorts;
import org.springframework.boot.docker.compose.core.ImageReference;
import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.core.io.support.SpringFactoriesLoader;

/** A Compose service of the mock server's image as the clients' connection, read from what Compose reports. */
class MockServerDockerComposeConnectionDetailsFactoryTest {

    @Test
    void springBootFindsTheFactory() {
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation().load(ConnectionDetailsFactory.class))
                .hasAtLeastOneElementOfType(MockServerDockerComposeConnectionDetailsFactory.class);
    }

    @Test
    void everyHostOfTheServiceServesEveryProduct() {
        QuarryConnectionDetails details = new MockServerDockerComposeConnectionDetailsFactory.MockServerComposeDetails(
                service(Map.of("QUARRY_MOCK_HOSTS", "3")));

        List<Host> hosts = List.of(
                Host.of("http://127.0.0.1:40080"),
                Host.of("http://127.0.0.1:40081"),
                Host.of("http://127.0.0.1:40082"));
        for (QuarryProduct product : QuarryProduct.values()) {
            assertThat(details.getHosts(product)).as(product.name()).isEqualTo(hosts);
        }
    }

    @Test
    void credentialsAreTheServersDefaultsUnlessTheServiceSetsThem() {
        QuarryConnectionDetails defaults =
                new MockServerDockerComposeConnectionDetailsFactory.MockServerComposeDetails(service(Map.of()));
        assertThat(defaults.getHosts(QuarryProduct.SEARCH)).containsExactly(Host.of("http://127.0.0.1:40080"));
        assertThat(defaults.getApplicationId()).isEqualTo("QUARRYMOCK");
        assertThat(defaults.getApiKey(QuarryProduct.SEARCH)).isEqualTo("mock-admin-key");
        assertThat(defaults.getApiKey(QuarryProduct.MONITORING)).isEqualTo("mock-monitoring-key");
        assertThat(defaults.getApiKey(QuarryProduct.USAGE)).isEqualTo("mock-usage-key");
        assertThat(defaults.getApiKey(QuarryProduct.CRAWLER)).isEqualTo("mock-crawler-key");
        assertThat(defaults.getCrawlerUserId()).isEqualTo("mock-crawler-user");

        QuarryConnectionDetails set =
                new MockServerDockerComposeConnectionDetailsFactory.MockServerComposeDetails(service(Map.of(
                        "QUARRY_MOCK_APP_ID", "DEVAPP",
                        "QUARRY_MOCK_ADMIN_KEY", "dev-admin-key",
                        "QUARRY_MOCK_CRAWLER_USER", "dev-crawler")));
        assertThat(set.getApplicationId()).isEqualTo("DEVAPP");
        assertThat(set.getApiKey(QuarryProduct.ANALYTICS)).isEqualTo("dev-admin-key");
        assertThat(set.getCrawlerUserId()).isEqualTo("dev-crawler");
    }

    @Test
    void theHostsFollowTheServersFirstPortWhereTheServiceMovesIt() {
        QuarryConnectionDetails details = new MockServerDockerComposeConnectionDetailsFactory.MockServerComposeDetails(
                service(Map.of("QUARRY_MOCK_PORT", "9000", "QUARRY_MOCK_HOSTS", "2")));

        assertThat(details.getHosts(QuarryProduct.SEARCH))
                .containsExactly(Host.of("http://127.0.0.1:41000"), Host.of("http://127.0.0.1:41001"));
    }

    @Test
    void aServiceTheClientsCannotCallIsRefusedSayingWhy() {
        assertThatThrownBy(() -> new MockServerDockerComposeConnectionDetailsFactory.MockServerComposeDetails(
                        service(Map.of("QUARRY_MOCK_HTTPS", "true"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("service quarry")
                .hasMessageContaining("remove QUARRY_MOCK_HTTPS");
        assertThatThrownBy(() -> new MockServerDockerComposeConnectionDetailsFactory.MockServerComposeDetails(
                        service(Map.of("QUARRY_MOCK_HOSTS", "two"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("QUARRY_MOCK_HOSTS set to what is not a whole number");
    }

    /** A running service whose container port p is published on the Docker host's port 32000 + p. */
    private static RunningService service(Map<String, String> env) {
        ConnectionPorts ports = new ConnectionPorts() {
            @Override
            public int get(int containerPort) {
                return 32000 + containerPort;
            }

            @Override
            public List<Integer> getAll() {
                return List.of();
            }

            @Override
            public List<Integer> getAll(String protocol) {
                return List.of();
            }
        };
        return new RunningService() {
            @Override
            public String name() {
                return "quarry";
            }

            @Override
            public ImageReference image() {
                return ImageReference.of("quarry/mock-server:1.0.0");
            }

            @Override
            public String host() {
                return "127.0.0.1";
            }

            @Override
            public ConnectionPorts ports() {
                return ports;
            }

            @Override
            public Map<String, String> env() {
                return env;
            }

            @Override
            public Map<String, String> labels() {
                return Map.of();
            }
        };
    }
}
