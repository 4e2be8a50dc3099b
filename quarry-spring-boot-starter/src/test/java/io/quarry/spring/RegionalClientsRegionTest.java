package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.Region;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The personalization and query-suggestions clients, whose service has hosts in each region only: without
 * {@code quarry.region} they stop the start naming it, unless the configuration names their hosts.
 */
class RegionalClientsRegionTest {

    private static final String KEY = "admin-key-never-shown";

    /** The clients that need no key of their own, so that a context holds the regional ones and analytics. */
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
            .withPropertyValues("quarry.application-id=MYAPP", "quarry.api-key=" + KEY)
            .withClassLoader(new FilteredClassLoader("io.quarry.monitoring", "io.quarry.usage", "io.quarry.crawler"));

    @Test
    void withoutRegionNorHostsThePersonalizationClientStopsTheStartNamingTheRegionAndItsModule() {
        runner.withClassLoader(new FilteredClassLoader(
                        "io.quarry.querysuggestions", "io.quarry.monitoring", "io.quarry.usage", "io.quarry.crawler"))
                .run(context -> assertMissingRegion(context, "personalization"));
    }

    @Test
    void withoutRegionNorHostsTheQuerySuggestionsClientStopsTheStartNamingTheRegionAndItsModule() {
        runner.withClassLoader(new FilteredClassLoader(
                        "io.quarry.personalization", "io.quarry.monitoring", "io.quarry.usage", "io.quarry.crawler"))
                .run(context -> assertMissingRegion(context, "query-suggestions"));
    }

    @Test
    void withTheRegionModulesOffTheClassPathNoRegionIsNeededAndAnalyticsKeepsItsRegionlessHost() {
        runner.withClassLoader(new FilteredClassLoader(
                        "io.quarry.personalization",
                        "io.quarry.querysuggestions",
                        "io.quarry.monitoring",
                        "io.quarry.usage",
                        "io.quarry.crawler"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(AnalyticsClient.class).config().hosts())
                            .isEmpty();
                });
    }

    @Test
    void aRegionSetStartsBothWithTheirDefaultHosts() {
        for (String region : List.of("us", "eu", " EU ")) {
            runner.withPropertyValues("quarry.region=" + region).run(context -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean(PersonalizationClient.class).config().hosts())
                        .isEmpty();
                assertThat(context.getBean(QuerySuggestionsClient.class)
                                .config()
                                .hosts())
                        .isEmpty();
            });
        }
    }

    @Test
    void hostsFromThePropertiesNeedNoRegion() {
        runner.withPropertyValues("quarry.hosts=https://proxy.example.com").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(PersonalizationClient.class).config().hosts())
                    .containsExactly(Host.of("https://proxy.example.com"));
        });
        runner.withPropertyValues(
                        "quarry.personalization.hosts=https://personalization.example.com",
                        "quarry.query-suggestions.hosts=https://query-suggestions.example.com")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(QuerySuggestionsClient.class)
                                    .config()
                                    .hosts())
                            .containsExactly(Host.of("https://query-suggestions.example.com"));
                });
    }

    @Test
    void theHostsOfOneClientDoNotExcuseTheOtherFromTheRegion() {
        runner.withPropertyValues("quarry.personalization.hosts=https://personalization.example.com")
                .run(context -> assertMissingRegion(context, "query-suggestions"));
    }

    @Test
    void hostsFromConnectionDetailsOrACustomizerNeedNoRegion() {
        runner.withBean(QuarryConnectionDetails.class, LocalConnection::new)
                .run(context -> assertThat(context).hasNotFailed());
        runner.withBean(
                        QuarryClientConfigCustomizer.class,
                        () -> builder -> builder.hosts(Host.of("https://customized.example.com")))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(PersonalizationClient.class)
                                    .config()
                                    .hosts())
                            .containsExactly(Host.of("https://customized.example.com"));
                });
    }

    @Test
    void connectionDetailsWithoutHostsStillNeedTheRegion() {
        runner.withBean(QuarryConnectionDetails.class, () -> new QuarryConnectionDetails() {
                    @Override
                    public String getApplicationId() {
                        return "OWNAPP";
                    }

                    @Override
                    public String getApiKey(QuarryProduct product) {
                        return "own-key";
                    }
                })
                .withClassLoader(new FilteredClassLoader(
                        "io.quarry.querysuggestions", "io.quarry.monitoring", "io.quarry.usage", "io.quarry.crawler"))
                .run(context -> assertMissingRegion(context, "personalization"));
    }

    @Test
    void anApplicationsOwnRegionalClientWithoutHostsNeedsTheRegionForItsHealthCheckOnly() {
        PersonalizationClient own = PersonalizationClient.create(
                ClientConfig.builder("OWNAPP", "own-key").build(), Region.EU);
        ApplicationContextRunner ownClient = runner.withConfiguration(
                        AutoConfigurations.of(QuarryBoot3HealthAutoConfiguration.class))
                .withClassLoader(new FilteredClassLoader(
                        "io.quarry.querysuggestions", "io.quarry.monitoring", "io.quarry.usage", "io.quarry.crawler"))
                .withBean(PersonalizationClient.class, () -> own);
        try {
            ownClient.run(context -> assertThat(context).hasNotFailed());
            ownClient
                    .withPropertyValues("quarry.health.personalization.enabled=true")
                    .run(context -> assertMissingRegion(context, "personalization"));
            ownClient
                    .withPropertyValues("quarry.health.personalization.enabled=true", "quarry.region=eu")
                    .run(context -> assertThat(context).hasNotFailed());
        } finally {
            own.close();
        }
    }

    @Test
    void theHealthCheckOfAClientWithHostsNeedsNoRegion() {
        runner.withConfiguration(AutoConfigurations.of(QuarryBoot3HealthAutoConfiguration.class))
                .withPropertyValues(
                        "quarry.hosts=https://proxy.example.com",
                        "quarry.health.personalization.enabled=true",
                        "quarry.health.query-suggestions.enabled=true")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBeansOfType(HealthProbe.class)).hasSize(2);
                });
    }

    private static void assertMissingRegion(AssertableApplicationContext context, String client) {
        assertThat(context).hasFailed();
        Throwable cause = context.getStartupFailure();
        while (!(cause instanceof ClientSetupException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertThat(cause).isInstanceOf(ClientSetupException.class);
        ClientSetupException setup = (ClientSetupException) cause;
        assertThat(setup.problem()).isEqualTo(ClientSetupException.Problem.MISSING_REGION);
        assertThat(setup.setting()).isEqualTo("quarry.region");
        assertThat(setup.getMessage())
                .startsWith("quarry.region is not set: the " + client + " client (module client-" + client + ")")
                .contains("QUARRY_REGION")
                .doesNotContain(KEY);
    }

    /** A local service's connection, as a test container's would be: every product's hosts given. */
    static class LocalConnection implements QuarryConnectionDetails {

        @Override
        public String getApplicationId() {
            return "LOCALAPP";
        }

        @Override
        public String getApiKey(QuarryProduct product) {
            return "local-key";
        }

        @Override
        public List<Host> getHosts(QuarryProduct product) {
            return List.of(Host.of("http://localhost:8108"));
        }
    }
}
