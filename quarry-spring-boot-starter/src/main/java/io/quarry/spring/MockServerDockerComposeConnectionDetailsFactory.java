package io.quarry.spring;

import io.quarry.core.ConfigurationException;
import io.quarry.core.Host;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionDetailsFactory;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionSource;

/**
 * The Quarry mock server's image run by Spring Boot's Docker Compose support: a {@code compose.yaml} service of the
 * image {@code quarry/mock-server} (or labelled {@code org.springframework.boot.service-connection:
 * quarry/mock-server}) connects every auto-configured client to it. Here rather than in quarry-testcontainers: an
 * application runs its Compose services in development too, with no Testcontainers; Spring Boot finds this factory
 * in {@code META-INF/spring.factories} and skips it when {@code spring-boot-docker-compose} is absent.
 */
final class MockServerDockerComposeConnectionDetailsFactory
        extends DockerComposeConnectionDetailsFactory<QuarryConnectionDetails> {

    MockServerDockerComposeConnectionDetailsFactory() {
        super("quarry/mock-server");
    }

    @Override
    protected QuarryConnectionDetails getDockerComposeConnectionDetails(DockerComposeConnectionSource source) {
        return new MockServerComposeDetails(source.getRunningService());
    }

    /**
     * The service's hosts, its first port ({@code QUARRY_MOCK_PORT}, 8080 by default) and the ones after it
     * ({@code QUARRY_MOCK_HOSTS} of them), as published on the Docker host, for every product in order; its
     * application ID and keys as its environment sets them, else the server's defaults (public test values). A
     * service serving HTTPS ({@code QUARRY_MOCK_HTTPS=true}) is refused: its throwaway certificate is inside the
     * container, where the clients cannot get it to trust.
     */
    static final class MockServerComposeDetails extends DockerComposeConnectionDetails
            implements QuarryConnectionDetails {

        private final Map<String, String> env;
        private final List<Host> hosts;

        MockServerComposeDetails(RunningService service) {
            super(service);
            this.env = service.env();
            if (env("QUARRY_MOCK_HTTPS", "false").trim().equalsIgnoreCase("true")) {
                throw new ConfigurationException("the Docker Compose service " + service.name() + " of the Quarry mock"
                        + " server serves HTTPS (QUARRY_MOCK_HTTPS=true), whose certificate the clients cannot trust:"
                        + " remove QUARRY_MOCK_HTTPS from its environment, the connection needs plain HTTP");
            }
            int firstPort = number(service, "QUARRY_MOCK_PORT", "8080");
            int count = number(service, "QUARRY_MOCK_HOSTS", "1");
            this.hosts = IntStream.range(0, count)
                    .mapToObj(host -> Host.of(
                            "http://" + service.host() + ":" + service.ports().get(firstPort + host)))
                    .toList();
        }

        /** A whole number of the environment; the server, which reads it too, starts only with one. */
        private int number(RunningService service, String name, String fallback) {
            try {
                return Integer.parseInt(env(name, fallback).trim());
            } catch (NumberFormatException e) {
                throw new ConfigurationException("the Docker Compose service " + service.name()
                        + " of the Quarry mock server has " + name + " set to what is not a whole number");
            }
        }

        @Override
        public String getApplicationId() {
            return env("QUARRY_MOCK_APP_ID", "QUARRYMOCK");
        }

        @Override
        public String getApiKey(QuarryProduct product) {
            return switch (product) {
                case MONITORING -> env("QUARRY_MOCK_MONITORING_KEY", "mock-monitoring-key");
                case USAGE -> env("QUARRY_MOCK_USAGE_KEY", "mock-usage-key");
                case CRAWLER -> env("QUARRY_MOCK_CRAWLER_KEY", "mock-crawler-key");
                default -> env("QUARRY_MOCK_ADMIN_KEY", "mock-admin-key");
            };
        }

        @Override
        public List<Host> getHosts(QuarryProduct product) {
            return hosts;
        }

        @Override
        public String getCrawlerUserId() {
            return env("QUARRY_MOCK_CRAWLER_USER", "mock-crawler-user");
        }

        private String env(String name, String fallback) {
            String value = env.get(name);
            return value == null || value.isEmpty() ? fallback : value;
        }
    }
}
