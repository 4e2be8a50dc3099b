package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.spi.ClientHandle;
import io.quarry.crawler.CrawlerClient;
import io.quarry.monitoring.MonitoringClient;
import io.quarry.search.SearchClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Where the clients connect: the connection details the properties give, or the application's own instead. */
class QuarryConnectionDetailsTest {

    private final ApplicationContextRunner runner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class));

    @Test
    void thePropertiesAreTheDefaultConnectionDetails() {
        runner.withPropertyValues(
                        "quarry.application-id=MYAPP",
                        "quarry.api-key=shared-key",
                        "quarry.hosts=https://shared.example.com",
                        "quarry.search.api-key=search-key",
                        "quarry.search.hosts=https://search.example.com",
                        "quarry.monitoring.api-key=monitoring-key",
                        "quarry.usage.api-key=usage-key",
                        "quarry.crawler.user-id=crawler-user",
                        "quarry.crawler.api-key=crawler-key")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    QuarryConnectionDetails details = context.getBean(QuarryConnectionDetails.class);
                    assertThat(details.getApplicationId()).isEqualTo("MYAPP");
                    assertThat(details.getApiKey(QuarryProduct.SEARCH)).isEqualTo("search-key");
                    assertThat(details.getApiKey(QuarryProduct.ANALYTICS)).isEqualTo("shared-key");
                    assertThat(details.getApiKey(QuarryProduct.MONITORING)).isEqualTo("monitoring-key");
                    assertThat(details.getApiKey(QuarryProduct.CRAWLER)).isEqualTo("crawler-key");
                    assertThat(details.getCrawlerUserId()).isEqualTo("crawler-user");
                    assertThat(details.getHosts(QuarryProduct.SEARCH))
                            .containsExactly(Host.of("https://search.example.com"));
                    assertThat(details.getHosts(QuarryProduct.CRAWLER))
                            .containsExactly(Host.of("https://shared.example.com"));
                });
    }

    @Test
    void anApplicationsOwnConnectionDetailsReplaceTheConnectionProperties() {
        runner.withPropertyValues(
                        "quarry.application-id=PRODAPP",
                        "quarry.api-key=prod-key",
                        "quarry.hosts=https://prod.example.com",
                        "quarry.read-timeout=3s")
                .withBean(QuarryConnectionDetails.class, OwnConnection::new)
                .run(context -> {
                    assertThat(context).hasSingleBean(QuarryConnectionDetails.class);
                    assertThat(config(context, SearchClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("OWNAPP", "own-search-key"));
                    assertThat(config(context, SearchClient.class).hosts())
                            .containsExactly(Host.of("https://search.own.example.com"));
                    assertThat(config(context, MonitoringClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("OWNAPP", "own-monitoring-key"));
                    assertThat(config(context, CrawlerClient.class).credentials())
                            .isEqualTo(Credentials.basic("own-crawler-user", "own-crawler-key"));
                    // the properties that are not connection details still apply
                    assertThat(config(context, SearchClient.class).readTimeout())
                            .isEqualTo(Duration.ofSeconds(3));
                });
    }

    @Test
    void withItsOwnConnectionDetailsAnApplicationNeedsNoConnectionProperty() {
        runner.withBean(QuarryConnectionDetails.class, OwnConnection::new)
                .run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void connectionDetailsWithoutHostsLeaveEachClientItsDefaultHosts() {
        QuarryConnectionDetails keysOnly = new QuarryConnectionDetails() {
            @Override
            public String getApplicationId() {
                return "OWNAPP";
            }

            @Override
            public String getApiKey(QuarryProduct product) {
                return "own-key";
            }
        };
        runner.withBean(QuarryConnectionDetails.class, () -> keysOnly)
                // the default hosts of personalization and query suggestions are a region's
                .withPropertyValues("quarry.region=eu")
                .withClassLoader(new FilteredClassLoader("io.quarry.crawler"))
                .run(context -> {
                    assertThat(config(context, AnalyticsClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("OWNAPP", "own-key"));
                    assertThat(config(context, AnalyticsClient.class).hosts()).isEmpty();
                });
    }

    private static ClientConfig config(AssertableApplicationContext context, Class<? extends ClientHandle<?>> type) {
        assertThat(context).hasNotFailed();
        return context.getBean(type).config();
    }

    /** An application's own connection details: every product's own key and host. */
    static class OwnConnection implements QuarryConnectionDetails {

        @Override
        public String getApplicationId() {
            return "OWNAPP";
        }

        @Override
        public String getApiKey(QuarryProduct product) {
            return "own-" + product.groupName() + "-key";
        }

        @Override
        public List<Host> getHosts(QuarryProduct product) {
            return List.of(Host.of("https://" + product.groupName() + ".own.example.com"));
        }

        @Override
        public String getCrawlerUserId() {
            return "own-crawler-user";
        }
    }
}
