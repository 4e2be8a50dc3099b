package io.quarry.search;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.mockserver.MockServer;

/** Builds search clients pointed at a mock server, trusting its certificate when it speaks HTTPS. */
final class MockClients {

    /** Fast polling for tests: the mock server publishes tasks within milliseconds. */
    static final WaitPolicy FAST = new WaitPolicy(200, java.time.Duration.ofMillis(5),
            java.time.Duration.ofMillis(100), 1.5);

    private MockClients() {
    }

    static SearchClient client(MockServer server) {
        return client(server, server.adminKey());
    }

    static SearchClient client(MockServer server, String apiKey) {
        ClientConfig.Builder config = ClientConfig.builder(server.applicationId(), apiKey)
                .hosts(Host.of(server.url()))
                .logLevel(LogLevel.NONE);
        if (server.isHttps()) {
            config.trustManager(server.trustMaterial().trustManager());
        }
        return SearchClient.create(config.build());
    }
}
