package io.quarry.spring;

import io.quarry.mockserver.MockServer;

/** The {@code quarry.*} properties that point every client at a mock server, as an application would set them. */
final class MockServerProperties {

    private MockServerProperties() {}

    /** {@return the properties, as {@code name=value} pairs} */
    static String[] of(MockServer server) {
        return new String[] {
            "quarry.application-id=" + server.applicationId(),
            "quarry.api-key=" + server.adminKey(),
            "quarry.hosts=" + server.url(),
            "quarry.monitoring.api-key=" + server.monitoringKey(),
            "quarry.usage.api-key=" + server.usageKey(),
            "quarry.crawler.user-id=" + server.crawlerUserId(),
            "quarry.crawler.api-key=" + server.crawlerApiKey()
        };
    }
}
