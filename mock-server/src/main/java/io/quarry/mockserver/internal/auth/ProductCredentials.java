package io.quarry.mockserver.internal.auth;

import java.util.Objects;

/**
 * The credentials of the products that do not use the application's API keys: the monitoring key, the usage key,
 * and the crawler's user ID and API key (HTTP basic authentication).
 *
 * @param monitoringKey the monitoring API key
 * @param usageKey the usage API key
 * @param crawlerUserId the crawler user ID
 * @param crawlerApiKey the crawler API key
 */
public record ProductCredentials(String monitoringKey, String usageKey, String crawlerUserId, String crawlerApiKey) {

    /** Checks that every member is given. */
    public ProductCredentials {
        Objects.requireNonNull(monitoringKey, "monitoringKey");
        Objects.requireNonNull(usageKey, "usageKey");
        Objects.requireNonNull(crawlerUserId, "crawlerUserId");
        Objects.requireNonNull(crawlerApiKey, "crawlerApiKey");
    }

    /** Never shows a key. */
    @Override
    public String toString() {
        return "ProductCredentials[crawlerUserId=" + crawlerUserId + "]";
    }
}
