package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.answers.AnswersClient;
import io.quarry.core.ClientClosedException;
import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.Credentials;
import io.quarry.core.EnvironmentConfig;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.core.RequestCompression;
import io.quarry.core.spi.ClientHandle;
import io.quarry.crawler.CrawlerClient;
import io.quarry.insights.InsightsClient;
import io.quarry.monitoring.MonitoringClient;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import io.quarry.search.SearchClient;
import io.quarry.usage.UsageClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** The auto-configuration alone, in small contexts: which beans, bound from which properties, failing how. */
class QuarryAutoConfigurationTest {

    private static final String KEY = "admin-key-never-shown";

    private static final List<Class<? extends ClientHandle<?>>> EVERY_CLIENT = List.of(
            SearchClient.class,
            AnalyticsClient.class,
            InsightsClient.class,
            PersonalizationClient.class,
            AnswersClient.class,
            QuerySuggestionsClient.class,
            MonitoringClient.class,
            UsageClient.class,
            CrawlerClient.class);

    private final ApplicationContextRunner runner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class));

    private final ApplicationContextRunner configured = runner.withPropertyValues(
            "quarry.application-id=MYAPP",
            "quarry.api-key=" + KEY,
            "quarry.monitoring.api-key=monitoring-key",
            "quarry.usage.api-key=usage-key",
            "quarry.crawler.user-id=crawler-user",
            "quarry.crawler.api-key=crawler-key");

    @Test
    void everyClientOnTheClassPathIsABean() {
        configured.run(context -> {
            assertThat(context).hasNotFailed();
            EVERY_CLIENT.forEach(type -> assertThat(context).hasSingleBean(type));
        });
    }

    @Test
    void aModuleOffTheClassPathGetsNoBeanAndNeedsNoProperty() {
        runner.withPropertyValues("quarry.application-id=MYAPP", "quarry.api-key=" + KEY)
                .withClassLoader(
                        new FilteredClassLoader("io.quarry.monitoring", "io.quarry.usage", "io.quarry.crawler"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(MonitoringClient.class);
                    assertThat(context).doesNotHaveBean(UsageClient.class);
                    assertThat(context).doesNotHaveBean(CrawlerClient.class);
                    assertThat(context).hasSingleBean(SearchClient.class);
                    assertThat(context).hasSingleBean(AnalyticsClient.class);
                });
    }

    @Test
    void theSharedPropertiesAreBoundIntoEveryClient() {
        configured
                .withPropertyValues(
                        "quarry.hosts=https://one.example.com,https://two.example.com:8443",
                        "quarry.connect-timeout=750ms",
                        "quarry.read-timeout=3s",
                        "quarry.write-timeout=1m",
                        "quarry.close-timeout=0s",
                        "quarry.log-level=bodies",
                        "quarry.gzip-requests=true")
                .run(context -> EVERY_CLIENT.forEach(type -> {
                    ClientConfig config = context.getBean(type).config();
                    // the crawler's API lives under /api/1, which its client adds to a host given without a path
                    String base = type == CrawlerClient.class ? "/api/1" : "";
                    assertThat(config.hosts())
                            .containsExactly(
                                    Host.of("https://one.example.com" + base),
                                    Host.of("https://two.example.com:8443" + base));
                    assertThat(config.connectTimeout()).isEqualTo(Duration.ofMillis(750));
                    assertThat(config.readTimeout()).isEqualTo(Duration.ofSeconds(3));
                    assertThat(config.writeTimeout()).isEqualTo(Duration.ofMinutes(1));
                    assertThat(config.closeTimeout()).isZero();
                    assertThat(config.logLevel()).isEqualTo(LogLevel.BODIES);
                    assertThat(config.requestCompression()).isEqualTo(RequestCompression.GZIP);
                }));
    }

    @Test
    void eachClientTakesItsOwnCredentialsAndHostsOverTheSharedOnes() {
        configured
                .withPropertyValues(
                        "quarry.hosts=https://shared.example.com",
                        "quarry.search.api-key=search-only-key",
                        "quarry.search.hosts=https://search.example.com",
                        "quarry.crawler.hosts=https://crawler.example.com/api/1")
                .run(context -> {
                    assertThat(config(context, SearchClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("MYAPP", "search-only-key"));
                    assertThat(config(context, SearchClient.class).hosts())
                            .containsExactly(Host.of("https://search.example.com"));
                    assertThat(config(context, AnalyticsClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("MYAPP", KEY));
                    assertThat(config(context, AnalyticsClient.class).hosts())
                            .containsExactly(Host.of("https://shared.example.com"));
                    assertThat(config(context, MonitoringClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("MYAPP", "monitoring-key"));
                    assertThat(config(context, UsageClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("MYAPP", "usage-key"));
                    assertThat(config(context, CrawlerClient.class).credentials())
                            .isEqualTo(Credentials.basic("crawler-user", "crawler-key"));
                    assertThat(config(context, CrawlerClient.class).hosts())
                            .containsExactly(Host.of("https://crawler.example.com/api/1"));
                });
    }

    @Test
    void theEnvironmentVariablesThatConfigureTheCoreBindToTheProperties() {
        Map<String, Object> variables = Map.of(
                EnvironmentConfig.Variable.APPLICATION_ID.environmentName(), "ENVAPP",
                EnvironmentConfig.Variable.API_KEY.environmentName(), "env-key",
                EnvironmentConfig.Variable.READ_TIMEOUT.environmentName(), "4s",
                EnvironmentConfig.Variable.MONITORING_API_KEY.environmentName(), "env-monitoring-key",
                EnvironmentConfig.Variable.USAGE_API_KEY.environmentName(), "env-usage-key",
                EnvironmentConfig.Variable.CRAWLER_USER_ID.environmentName(), "env-crawler-user",
                EnvironmentConfig.Variable.CRAWLER_API_KEY.environmentName(), "env-crawler-key",
                EnvironmentConfig.Variable.CRAWLER_HOSTS.environmentName(), "https://crawler.example.com/api/1");
        runner.withInitializer(context -> context.getEnvironment()
                        .getPropertySources()
                        .addFirst(new SystemEnvironmentPropertySource("test-systemEnvironment", variables)))
                .run(context -> {
                    assertThat(config(context, SearchClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("ENVAPP", "env-key"));
                    assertThat(config(context, SearchClient.class).readTimeout())
                            .isEqualTo(Duration.ofSeconds(4));
                    assertThat(config(context, MonitoringClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("ENVAPP", "env-monitoring-key"));
                    assertThat(config(context, UsageClient.class).credentials())
                            .isEqualTo(Credentials.apiKey("ENVAPP", "env-usage-key"));
                    assertThat(config(context, CrawlerClient.class).credentials())
                            .isEqualTo(Credentials.basic("env-crawler-user", "env-crawler-key"));
                    assertThat(config(context, CrawlerClient.class).hosts())
                            .containsExactly(Host.of("https://crawler.example.com/api/1"));
                });
    }

    @Test
    void plainHttpToAHostThatIsNotLoopbackIsAllowedInEveryClientByItsProperty() {
        // building each client is what refuses such a host: no connection is made
        configured
                .withPropertyValues("quarry.hosts=http://search-mock:8080", "quarry.allow-insecure-http=true")
                .run(context -> EVERY_CLIENT.forEach(type -> {
                    ClientConfig config = context.getBean(type).config();
                    String base = type == CrawlerClient.class ? "/api/1" : "";
                    assertThat(config.hosts())
                            .as(type.getSimpleName())
                            .containsExactly(Host.of("http://search-mock:8080" + base));
                    assertThat(config.insecureHttpAllowed()).isTrue();
                }));
        configured
                .withPropertyValues("quarry.hosts=http://search-mock:8080")
                .run(context -> assertThat(failure(context)).hasMessageStartingWith("refusing plain http"));
        configured.run(context -> assertThat(config(context, SearchClient.class).insecureHttpAllowed())
                .isFalse());
    }

    @Test
    void theInsecureHttpSwitchBindsFromItsEnvironmentVariable() {
        Map<String, Object> variables = Map.of(
                EnvironmentConfig.Variable.HOSTS.environmentName(), "http://search-mock:8080",
                EnvironmentConfig.Variable.ALLOW_INSECURE_HTTP.environmentName(), "true");
        configured
                .withInitializer(context -> context.getEnvironment()
                        .getPropertySources()
                        .addFirst(new SystemEnvironmentPropertySource("test-systemEnvironment", variables)))
                .run(context -> assertThat(
                                config(context, MonitoringClient.class).hosts())
                        .containsExactly(Host.of("http://search-mock:8080")));
    }

    @Test
    void customizersAdjustEveryClientInTheirOrderAfterTheProperties() {
        configured
                .withPropertyValues("quarry.gzip-requests=true")
                .withUserConfiguration(Customizers.class)
                .run(context -> EVERY_CLIENT.forEach(type -> {
                    ClientConfig config = context.getBean(type).config();
                    assertThat(config.userAgentSegments()).containsExactly("first (1)", "second (2)");
                    assertThat(config.requestCompression()).isEqualTo(RequestCompression.NONE);
                }));
    }

    @Test
    void anApplicationsOwnClientBeanWins() {
        SearchClient own =
                SearchClient.create(ClientConfig.builder("OWNAPP", "own-key").build());
        configured.withBean(SearchClient.class, () -> own).run(context -> {
            assertThat(context).hasSingleBean(SearchClient.class);
            assertThat(context.getBean(SearchClient.class)).isSameAs(own);
        });
        own.close();
    }

    @Test
    void theClientsAreClosedWithTheContext() {
        AtomicReference<SearchClient> search = new AtomicReference<>();
        configured.run(context -> search.set(context.getBean(SearchClient.class)));

        assertThatThrownBy(() -> search.get().listIndices()).isInstanceOf(ClientClosedException.class);
    }

    @Test
    void aMissingApiKeyIsReportedByItsPropertyName() {
        runner.withPropertyValues("quarry.application-id=MYAPP")
                .withClassLoader(
                        new FilteredClassLoader("io.quarry.monitoring", "io.quarry.usage", "io.quarry.crawler"))
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("quarry.api-key is not set")
                        .hasMessageContaining("QUARRY_API_KEY"));
    }

    @Test
    void eachRequiredPropertyIsNamedWhenMissing() {
        configured
                .withPropertyValues("quarry.application-id=")
                .run(context -> assertThat(failure(context)).hasMessageContaining("quarry.application-id is blank"));
        configured
                .withPropertyValues("quarry.monitoring.api-key=")
                .run(context -> assertThat(failure(context)).hasMessageContaining("quarry.monitoring.api-key"));
        configured
                .withPropertyValues("quarry.crawler.user-id=")
                .run(context -> assertThat(failure(context)).hasMessageContaining("quarry.crawler.user-id"));
        configured
                .withPropertyValues("quarry.search.api-key= ")
                .run(context -> assertThat(failure(context)).hasMessageContaining("quarry.search.api-key is blank"));
    }

    @Test
    void anUnusableValueIsNamedButNeverShown() {
        configured
                .withPropertyValues("quarry.api-key=" + KEY + "\u00e9")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("quarry.api-key")
                        .hasMessageNotContaining(KEY));
        configured
                .withPropertyValues("quarry.hosts=https://ok.example.com," + KEY + "://x")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("quarry.hosts[1]")
                        .hasMessageNotContaining(KEY));
        configured
                .withPropertyValues("quarry.region=" + KEY)
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("quarry.region")
                        .hasMessageNotContaining(KEY));
    }

    private static ClientConfig config(AssertableApplicationContext context, Class<? extends ClientHandle<?>> type) {
        return context.getBean(type).config();
    }

    private static Throwable failure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        Throwable cause = context.getStartupFailure();
        while (!(cause instanceof ConfigurationException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertThat(cause).isInstanceOf(ConfigurationException.class);
        return cause;
    }

    @Configuration(proxyBeanMethods = false)
    static class Customizers {

        @Bean
        @Order(2)
        QuarryClientConfigCustomizer second() {
            return builder -> builder.addUserAgentSegment("second (2)");
        }

        @Bean
        @Order(1)
        QuarryClientConfigCustomizer first() {
            return builder -> builder.addUserAgentSegment("first (1)").requestCompression(RequestCompression.NONE);
        }
    }
}
