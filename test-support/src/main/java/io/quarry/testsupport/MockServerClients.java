package io.quarry.testsupport;

import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.mockserver.MockServer;
import java.util.List;

/**
 * Client configurations pointed at a running mock server: its hosts' URLs as the client's hosts, in order, each
 * serving reads and writes (one host, the server's URL, unless the server was built with several), its application
 * ID, and its certificate trusted when it speaks HTTPS. Any module's client takes them:
 * {@code SearchClient.create(MockServerClients.config(server))}.
 */
public final class MockServerClients {

    private MockServerClients() {}

    /**
     * A configuration with the server's admin key.
     *
     * @param server the running mock server
     * @return the configuration
     */
    public static ClientConfig config(MockServer server) {
        return builder(server, server.adminKey()).build();
    }

    /**
     * A configuration with another key (a search-only key, a secured key, ...).
     *
     * @param server the running mock server
     * @param apiKey the key
     * @return the configuration
     */
    public static ClientConfig config(MockServer server, String apiKey) {
        return builder(server, apiKey).build();
    }

    /**
     * A configuration with the server's monitoring key, for the monitoring client.
     *
     * @param server the running mock server
     * @return the configuration
     */
    public static ClientConfig monitoringConfig(MockServer server) {
        return builder(server, server.monitoringKey()).build();
    }

    /**
     * A configuration with the server's usage key, for the usage client.
     *
     * @param server the running mock server
     * @return the configuration
     */
    public static ClientConfig usageConfig(MockServer server) {
        return builder(server, server.usageKey()).build();
    }

    /**
     * A configuration with the server's crawler user ID and API key (HTTP basic authentication), for the crawler
     * client. The server serves the crawler API under {@code /api/1}, as the service's crawler host does.
     *
     * @param server the running mock server
     * @return the configuration
     */
    public static ClientConfig crawlerConfig(MockServer server) {
        return configured(
                        ClientConfig.builder(Credentials.basic(server.crawlerUserId(), server.crawlerApiKey())),
                        server,
                        "/api/1")
                .build();
    }

    /**
     * A builder to adjust further (timeouts, headers, ...), logging off.
     *
     * @param server the running mock server
     * @param apiKey the key
     * @return the builder
     */
    public static ClientConfig.Builder builder(MockServer server, String apiKey) {
        return configured(ClientConfig.builder(server.applicationId(), apiKey), server, "");
    }

    private static ClientConfig.Builder configured(ClientConfig.Builder config, MockServer server, String basePath) {
        List<Host> hosts = server.hosts().stream()
                .map(host -> Host.of(host.url()).withBasePath(basePath))
                .toList();
        config.hosts(hosts).logLevel(LogLevel.NONE);
        if (server.isHttps()) {
            config.trustManager(server.trustMaterial().trustManager());
        }
        return config;
    }
}
