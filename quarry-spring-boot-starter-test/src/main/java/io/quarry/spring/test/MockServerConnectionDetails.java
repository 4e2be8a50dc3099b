package io.quarry.spring.test;

import io.quarry.core.Host;
import io.quarry.mockserver.MockServer;
import io.quarry.spring.QuarryConnectionDetails;
import io.quarry.spring.QuarryProduct;
import java.util.List;

/**
 * The mock server as every client's connection: its hosts' URLs as every product's hosts, in order, each serving
 * reads and writes (the crawler's client adds the crawler API's path), its application ID and its keys.
 */
final class MockServerConnectionDetails implements QuarryConnectionDetails {

    private final MockServer server;

    MockServerConnectionDetails(MockServer server) {
        this.server = server;
    }

    @Override
    public String getApplicationId() {
        return server.applicationId();
    }

    @Override
    public String getApiKey(QuarryProduct product) {
        return switch (product) {
            case MONITORING -> server.monitoringKey();
            case USAGE -> server.usageKey();
            case CRAWLER -> server.crawlerApiKey();
            default -> server.adminKey();
        };
    }

    @Override
    public List<Host> getHosts(QuarryProduct product) {
        return server.hosts().stream().map(host -> Host.of(host.url())).toList();
    }

    @Override
    public String getCrawlerUserId() {
        return server.crawlerUserId();
    }
}
