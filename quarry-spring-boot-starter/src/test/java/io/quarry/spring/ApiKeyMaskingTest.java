package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
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

    private static final List<String> KEYS = List.of(
            "quarry.api-key",
            "quarry.search.api-key",
            "quarry.query-suggestions.api-key",
            "quarry.monitoring.api-key",
            "quarry.crawler.api-key");

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
            .withPropertyValues(
                    "quarry.application-id=MYAPP",
                    "quarry.region=eu",
                    "quarry.api-key=shared-secret",
                    "quarry.search.api-key=search-secret",
                    "quarry.query-suggestions.api-key=suggestions-secret",
                    "quarry.monitoring.api-key=monitoring-secret",
                    "quarry.usage.api-key=usage-secret",
                    "quarry.crawler.user-id=crawler-user",
                    "quarry.crawler.api-key=crawler-secret");

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
