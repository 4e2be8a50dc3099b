package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.spring.QuarryAutoConfiguration;
import io.quarry.spring.QuarryBoot3HealthAutoConfiguration;
import io.quarry.spring.QuarryBoot4HealthAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * What the auto-configuration takes from the Spring Boot line it runs on: its health API. The starter's module
 * tests check the rest once.
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
    void healthIndicatorsExistOnlyWhenAskedFor() {
        runner.run(context -> assertThat(context).doesNotHaveBean("quarryHealthContributor"));
        runner.withPropertyValues("quarry.health.search.enabled=true")
                .run(context -> assertThat(context)
                        .getBean("quarryHealthContributor")
                        .isInstanceOf(BootLineHealth.CONTRIBUTOR_TYPE));
    }
}
