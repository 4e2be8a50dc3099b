package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.MapPropertySource;

/**
 * The API keys stay masked in the actuator's env endpoint (and configprops, which applies the same functions) even
 * when the application shows values there, while the other {@code quarry.*} values show. The example projects read
 * both endpoints on both Boot lines.
 */
class ApiKeyMaskingTest {

    /** Every client's own key, as the properties name them ({@code search}: {@code quarry.search.api-key}). */
    private static final List<String> CLIENTS = List.of(
            "search",
            "analytics",
            "insights",
            "personalization",
            "answers",
            "query-suggestions",
            "monitoring",
            "usage",
            "crawler");

    private static final List<String> KEYS = Stream.concat(
                    Stream.of("quarry.api-key"), CLIENTS.stream().map(client -> "quarry." + client + ".api-key"))
            .toList();

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
            .withPropertyValues(
                    "quarry.application-id=MYAPP",
                    "quarry.region=eu",
                    "quarry.api-key=shared-secret",
                    "quarry.crawler.user-id=crawler-user")
            .withPropertyValues(CLIENTS.stream()
                    .map(client -> "quarry." + client + ".api-key=" + client + "-secret")
                    .toArray(String[]::new));

    @Test
    void theEnvEndpointShowingValuesMasksEveryKeyButNoOtherValue() {
        runner.run(context -> {
            EnvironmentEndpoint env = envEndpoint(context);
            KEYS.forEach(
                    key -> assertThat(env.environmentEntry(key).getProperty().getValue())
                            .as(key)
                            .isEqualTo(SanitizableData.SANITIZED_VALUE));
            assertThat(env.environmentEntry("quarry.application-id")
                            .getProperty()
                            .getValue())
                    .isEqualTo("MYAPP");
            assertThat(env.environmentEntry("quarry.region").getProperty().getValue())
                    .isEqualTo("eu");
        });
    }

    @Test
    void keysFromTheEnvironmentOrInAnotherFormAreMasked() {
        runner.run(context -> {
            context.getEnvironment()
                    .getPropertySources()
                    .addFirst(new MapPropertySource(
                            "os",
                            Map.of(
                                    "QUARRY_API_KEY", "env-secret",
                                    "QUARRY_USAGE_API_KEY", "env-usage-secret",
                                    "quarry.analytics.apiKey", "camel-secret",
                                    "quarry.crawler.user-id", "env-crawler-user")));
            EnvironmentEndpoint env = envEndpoint(context);
            for (String key : List.of("QUARRY_API_KEY", "QUARRY_USAGE_API_KEY", "quarry.analytics.apiKey")) {
                assertThat(env.environmentEntry(key).getPropertySources())
                        .as(key)
                        .filteredOn(source -> source.getName().equals("os"))
                        .singleElement()
                        .satisfies(source ->
                                assertThat(source.getProperty().getValue()).isEqualTo(SanitizableData.SANITIZED_VALUE));
            }
            assertThat(env.environmentEntry("quarry.crawler.user-id")
                            .getProperty()
                            .getValue())
                    .isEqualTo("env-crawler-user");
        });
    }

    @Test
    void theMockServersKeysAndAnApplicationsOwnKeysUnderThePrefixAreMasked() {
        runner.run(context -> {
            context.getEnvironment()
                    .getPropertySources()
                    .addFirst(new MapPropertySource(
                            "os",
                            Map.of(
                                    // the mock server's settings, for a local run or a container beside the tests
                                    "QUARRY_MOCK_ADMIN_KEY", "mock-admin-secret",
                                    "QUARRY_MOCK_MONITORING_KEY", "mock-monitoring-secret",
                                    "QUARRY_MOCK_USAGE_KEY", "mock-usage-secret",
                                    "QUARRY_MOCK_CRAWLER_KEY", "mock-crawler-secret",
                                    "QUARRY_MOCK_CRAWLER_USER", "mock-crawler-user",
                                    // an application's own: the parent of the secured keys it derives
                                    "quarry.secured-key-parent", "parent-secret",
                                    "quarry.catalog.parent-key", "catalog-parent-secret")));
            EnvironmentEndpoint env = envEndpoint(context);
            for (String key : List.of(
                    "QUARRY_MOCK_ADMIN_KEY",
                    "QUARRY_MOCK_MONITORING_KEY",
                    "QUARRY_MOCK_USAGE_KEY",
                    "QUARRY_MOCK_CRAWLER_KEY",
                    "quarry.secured-key-parent",
                    "quarry.catalog.parent-key")) {
                assertThat(env.environmentEntry(key).getProperty().getValue())
                        .as(key)
                        .isEqualTo(SanitizableData.SANITIZED_VALUE);
            }
            assertThat(env.environmentEntry("QUARRY_MOCK_CRAWLER_USER")
                            .getProperty()
                            .getValue())
                    .isEqualTo("mock-crawler-user");
        });
    }

    @Test
    void withoutTheActuatorNothingIsAdded() {
        runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean("quarryApiKeySanitizingFunction");
                });
    }

    private static EnvironmentEndpoint envEndpoint(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return new EnvironmentEndpoint(
                context.getEnvironment(), context.getBeanProvider(SanitizingFunction.class), Show.ALWAYS);
    }
}
