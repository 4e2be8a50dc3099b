package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.RequestCompression;
import io.quarry.core.RetryRounds;
import io.quarry.core.spi.ClientHandle;
import io.quarry.crawler.CrawlerClient;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.spring.QuarryAutoConfiguration;
import io.quarry.spring.QuarryBoot3HealthAutoConfiguration;
import io.quarry.spring.QuarryBoot4HealthAutoConfiguration;
import io.quarry.spring.QuarryConnectionDetails;
import io.quarry.spring.QuarryProduct;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * What the auto-configuration takes from the Spring Boot line it runs on: Spring Boot's ConnectionDetails, its
 * health API and its switch for health indicators, and its actuator endpoints that show values (which must not show
 * the keys). The starter's module tests check the rest once.
 */
class BootLineAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    QuarryAutoConfiguration.class,
                    QuarryBoot3HealthAutoConfiguration.class,
                    QuarryBoot4HealthAutoConfiguration.class))
            .withPropertyValues(
                    "quarry.application-id=PRODAPP",
                    "quarry.api-key=prod-key",
                    "quarry.hosts=https://prod.example.com",
                    "quarry.monitoring.api-key=prod-monitoring-key",
                    "quarry.usage.api-key=prod-usage-key",
                    "quarry.crawler.user-id=prod-crawler-user",
                    "quarry.crawler.api-key=prod-crawler-key");

    @Test
    void anApplicationsOwnConnectionDetailsReplaceTheConnectionProperties() {
        runner.withBean(QuarryConnectionDetails.class, LocalConnection::new).run(context -> {
            assertThat(context).hasNotFailed();
            context.getBeansOfType(ClientHandle.class)
                    .values()
                    .forEach(client -> assertThat(
                                    ((ClientHandle<?>) client).config().hosts())
                            .as(client.getClass().getSimpleName())
                            .containsExactly(
                                    client instanceof CrawlerClient
                                            ? LocalConnection.HOST.withBasePath("/api/1")
                                            : LocalConnection.HOST));
            assertThat(context.getBean(SearchClient.class).config().credentials())
                    .isEqualTo(Credentials.apiKey("LOCALAPP", "local-SEARCH-key"));
            assertThat(context.getBean(CrawlerClient.class).config().credentials())
                    .isEqualTo(Credentials.basic("local-crawler-user", "local-CRAWLER-key"));
        });
    }

    @Test
    void theCallSettingsBindWithThisLinesConverters() {
        // a data size, an enum, a nested group and a map: each bound by the line's own conversion service
        runner.withPropertyValues(
                        "quarry.request-compression=gzip",
                        "quarry.call-deadline=5m",
                        "quarry.max-response-bytes=200MB",
                        "quarry.retry-rounds.mode=for-outages",
                        "quarry.retry-rounds.max-rounds=5",
                        "quarry.default-headers.X-Team=search",
                        "quarry.user-agent-segment=my-shop (2.1)")
                .run(context -> {
                    ClientConfig config = context.getBean(SearchClient.class).config();
                    assertThat(config.requestCompression()).isEqualTo(RequestCompression.GZIP);
                    assertThat(config.callDeadline()).isEqualTo(Duration.ofMinutes(5));
                    assertThat(config.maxResponseBytes()).isEqualTo(200L * 1024 * 1024);
                    assertThat(config.retryRounds())
                            .isEqualTo(RetryRounds.forOutages().maxRounds(5));
                    assertThat(config.defaultHeaders()).containsEntry("X-Team", "search");
                    assertThat(config.userAgentSegments()).containsExactly("my-shop (2.1)");
                });
    }

    @Test
    void healthIndicatorsExistOnlyWhenAskedFor() {
        runner.run(context -> assertThat(context).doesNotHaveBean("quarryHealthContributor"));
        runner.withPropertyValues("quarry.health.search.enabled=true")
                .run(context -> assertThat(context)
                        .getBean("quarryHealthContributor")
                        .isInstanceOf(BootLineHealth.CONTRIBUTOR_TYPE));
    }

    @Test
    void springBootsHealthSwitchTurnsThemOff() {
        runner.withPropertyValues("quarry.health.search.enabled=true", "management.health.quarry.enabled=false")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean("quarryHealthContributor");
                });
    }

    @Test
    void aCheckWhoseKeyIsRefusedIsDownWithTheFix() {
        try (MockServer server = MockServer.builder().start()) {
            runner.withPropertyValues(
                            "quarry.hosts=" + server.url(),
                            "quarry.api-key=not-a-key-of-the-server",
                            "quarry.health.search.enabled=true")
                    .run(context -> {
                        assertThat(BootLineHealth.status(context, "search")).isEqualTo("DOWN");
                        assertThat(BootLineHealth.details(context, "search").get("fix"))
                                .asString()
                                .contains("quarry.health.search.enabled=false");
                    });
        }
    }

    @Test
    void theActuatorShowingValuesShowsNoKey() {
        runner.withPropertyValues(
                        "quarry.search.api-key=prod-search-key",
                        "quarry.analytics.api-key=prod-analytics-key",
                        "quarry.insights.api-key=prod-insights-key",
                        "quarry.personalization.api-key=prod-personalization-key",
                        "quarry.answers.api-key=prod-answers-key",
                        "quarry.query-suggestions.api-key=prod-query-suggestions-key")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    List<SanitizingFunction> functions = context.getBeanProvider(SanitizingFunction.class)
                            .orderedStream()
                            .toList();

                    EnvironmentEndpoint env = new EnvironmentEndpoint(context.getEnvironment(), functions, Show.ALWAYS);
                    assertThat(env.environmentEntry("quarry.api-key")
                                    .getProperty()
                                    .getValue())
                            .isEqualTo("******");
                    assertThat(env.environmentEntry("quarry.application-id")
                                    .getProperty()
                                    .getValue())
                            .isEqualTo("PRODAPP");

                    ConfigurationPropertiesReportEndpoint configprops =
                            new ConfigurationPropertiesReportEndpoint(functions, Show.ALWAYS);
                    configprops.setApplicationContext(context);
                    var bean = configprops
                            .configurationPropertiesWithPrefix("quarry")
                            .getContexts()
                            .get(context.getId())
                            .getBeans()
                            .get("quarry-io.quarry.spring.QuarryProperties");
                    assertThat(bean.getInputs().toString())
                            .as("the values bound, with their origins")
                            .contains("PRODAPP")
                            .doesNotContain("prod-key", "prod-monitoring-key", "prod-crawler-key")
                            .doesNotContainPattern("prod-[a-z-]*key");
                    Map<String, Object> quarry = bean.getProperties();
                    assertThat(quarry).containsEntry("applicationId", "PRODAPP").containsEntry("apiKey", "******");
                    for (String client : List.of(
                            "search",
                            "analytics",
                            "insights",
                            "personalization",
                            "answers",
                            "querySuggestions",
                            "monitoring",
                            "usage")) {
                        assertThat(quarry.get(client))
                                .as(client)
                                .asInstanceOf(MAP)
                                .containsEntry("apiKey", "******");
                    }
                    assertThat(quarry.get("crawler"))
                            .asInstanceOf(MAP)
                            .containsEntry("apiKey", "******")
                            .containsEntry("userId", "prod-crawler-user");
                });
    }

    /** A local service's connection, as a test container's connection details would give it. */
    static class LocalConnection implements QuarryConnectionDetails {

        static final Host HOST = Host.of("http://localhost:8108");

        @Override
        public String getApplicationId() {
            return "LOCALAPP";
        }

        @Override
        public String getApiKey(QuarryProduct product) {
            return "local-" + product + "-key";
        }

        @Override
        public List<Host> getHosts(QuarryProduct product) {
            return List.of(HOST);
        }

        @Override
        public String getCrawlerUserId() {
            return "local-crawler-user";
        }
    }
}
