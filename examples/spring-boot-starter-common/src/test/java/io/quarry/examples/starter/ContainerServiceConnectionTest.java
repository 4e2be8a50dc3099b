package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Host;
import io.quarry.core.spi.ClientHandle;
import io.quarry.crawler.CrawlerClient;
import io.quarry.testcontainers.QuarryMockServerContainer;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.ApplicationContext;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * {@code @ServiceConnection} on the mock server's container: every auto-configured client calls it, with no
 * {@code quarry.*} property set (the configuration is containers.properties, not application.properties). Runs alone,
 * as it did before this project's classes ran two at a time: its container is the machine's to start.
 */
@Isolated
@Tag("containers")
@Testcontainers(disabledWithoutDocker = true)
@SpringBootTest(classes = CatalogApplication.class, properties = "spring.config.name=containers")
class ContainerServiceConnectionTest {

    @Container
    @ServiceConnection
    static final QuarryMockServerContainer QUARRY = new QuarryMockServerContainer().withHosts(2);

    @Autowired
    ApplicationContext context;

    @Autowired
    ProductCatalog catalog;

    @Test
    void everyClientCallsTheContainersHosts() {
        assertThat(context.getEnvironment().getProperty("quarry.application-id"))
                .isNull();
        // nor a region: the container's hosts replace the region's of personalization and query suggestions
        assertThat(context.getEnvironment().getProperty("quarry.region")).isNull();
        List<Host> hosts = QUARRY.getHostUrls().stream().map(Host::of).toList();
        List<Host> crawlerHosts =
                hosts.stream().map(host -> host.withBasePath("/api/1")).toList();
        assertThat(context.getBeansOfType(ClientHandle.class)).hasSize(9);
        context.getBeansOfType(ClientHandle.class)
                .values()
                .forEach(
                        client -> assertThat(((ClientHandle<?>) client).config().hosts())
                                .as(client.getClass().getSimpleName())
                                .isEqualTo(client instanceof CrawlerClient ? crawlerHosts : hosts));
    }

    @Test
    void theApplicationIndexesAndSearches() {
        catalog.save(List.of(new Product("kettle-1", "Steel kettle", "Boil")));

        assertThat(catalog.find("kettle")).extracting(Product::objectID).containsExactly("kettle-1");
    }
}
