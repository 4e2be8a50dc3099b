package io.quarry.testcontainers.internal;

import io.quarry.core.Host;
import io.quarry.spring.QuarryConnectionDetails;
import io.quarry.spring.QuarryProduct;
import io.quarry.testcontainers.QuarryMockServerContainer;
import java.util.List;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;

/**
 * {@code @ServiceConnection} on a {@link QuarryMockServerContainer}: every auto-configured Quarry client connects to
 * the container. Spring Boot finds this factory in {@code META-INF/spring.factories}; it is there only when an
 * application has both Spring Boot's Testcontainers support and the Quarry starter, and Boot skips it otherwise.
 */
final class QuarryMockServerContainerConnectionDetailsFactory
        extends ContainerConnectionDetailsFactory<QuarryMockServerContainer, QuarryConnectionDetails> {

    QuarryMockServerContainerConnectionDetailsFactory() {
        super(ANY_CONNECTION_NAME, "io.quarry.spring.QuarryConnectionDetails");
    }

    @Override
    protected QuarryConnectionDetails getContainerConnectionDetails(
            ContainerConnectionSource<QuarryMockServerContainer> source) {
        return new ContainerDetails(source);
    }

    /**
     * The container's hosts as every product's hosts, in order, each serving reads and writes (the crawler's client
     * adds its API's path), its application ID and keys; read once the container runs.
     */
    static final class ContainerDetails extends ContainerConnectionDetails<QuarryMockServerContainer>
            implements QuarryConnectionDetails {

        ContainerDetails(ContainerConnectionSource<QuarryMockServerContainer> source) {
            super(source);
        }

        @Override
        public String getApplicationId() {
            return getContainer().getApplicationId();
        }

        @Override
        public String getApiKey(QuarryProduct product) {
            QuarryMockServerContainer container = getContainer();
            return switch (product) {
                case MONITORING -> container.getMonitoringKey();
                case USAGE -> container.getUsageKey();
                case CRAWLER -> container.getCrawlerApiKey();
                default -> container.getAdminKey();
            };
        }

        @Override
        public List<Host> getHosts(QuarryProduct product) {
            return getContainer().getHostUrls().stream().map(Host::of).toList();
        }

        @Override
        public String getCrawlerUserId() {
            return getContainer().getCrawlerUserId();
        }
    }
}
