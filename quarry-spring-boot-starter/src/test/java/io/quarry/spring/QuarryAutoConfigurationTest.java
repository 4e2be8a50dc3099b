package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

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
import io.quarry.core.RetryRounds;
import io.quarry.core.spi.ClientHandle;
import io.quarry.crawler.CrawlerClient;
import io.quarry.insights.InsightsClient;
import io.quarry.monitoring.MonitoringClient;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import io.quarry.search.SearchClient;
import io.quarry.usage.UsageClient;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
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

    /** An application on the service's own hosts: personalization and query suggestions need its region. */
    private final ApplicationContextRunner configured = runner.withPropertyValues(
            "quarry.application-id=MYAPP",
            "quarry.api-key=" + KEY,
            "quarry.region=us",
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
                .withClassLoader(new FilteredClassLoader(
                        "io.quarry.personalization",
                        "io.quarry.querysuggestions",
                        "io.quarry.monitoring",
                        "io.quarry.usage",
                        "io.quarry.crawler"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    // nor quarry.region, which only the personalization and query-suggestions clients need
                    assertThat(context).doesNotHaveBean(PersonalizationClient.class);
                    assertThat(context).doesNotHaveBean(QuerySuggestionsClient.class);
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
                        "quarry.request-compression=gzip")
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
    void theCallSettingsAreBoundIntoEveryClient() {
        configured
                .withPropertyValues(
                        "quarry.attempt-timeout=20s",
                        "quarry.call-deadline=5m",
                        "quarry.host-down-ttl=1m",
                        "quarry.max-rate-limit-wait=15s",
                        "quarry.max-response-bytes=200MB",
                        "quarry.retry-rounds.mode=for-outages",
                        "quarry.retry-rounds.max-rounds=5",
                        "quarry.retry-rounds.budget=2m",
                        "quarry.retry-rounds.first-wait=1s",
                        "quarry.retry-rounds.max-wait=30s",
                        "quarry.default-headers[X-Team]=search",
                        "quarry.default-headers.X-Env=staging",
                        "quarry.user-agent-segment=my-shop (2.1)")
                .run(context -> EVERY_CLIENT.forEach(type -> {
                    ClientConfig config = context.getBean(type).config();
                    assertThat(config.attemptTimeout()).contains(Duration.ofSeconds(20));
                    assertThat(config.callDeadline()).isEqualTo(Duration.ofMinutes(5));
                    assertThat(config.hostDownTtl()).isEqualTo(Duration.ofMinutes(1));
                    assertThat(config.maxRateLimitWait()).contains(Duration.ofSeconds(15));
                    assertThat(config.maxResponseBytes()).isEqualTo(200L * 1024 * 1024);
                    assertThat(config.retryRounds())
                            .isEqualTo(RetryRounds.forOutages()
                                    .maxRounds(5)
                                    .budget(Duration.ofMinutes(2))
                                    .waits(Duration.ofSeconds(1), Duration.ofSeconds(30)));
                    assertThat(config.defaultHeaders())
                            .containsExactly(entry("X-Team", "search"), entry("X-Env", "staging"));
                    assertThat(config.userAgentSegments()).containsExactly("my-shop (2.1)");
                }));
    }

    @Test
    void unsetCallSettingsKeepTheClientsDefaults() {
        ClientConfig defaults = ClientConfig.builder("MYAPP", KEY).build();
        configured.run(context -> EVERY_CLIENT.forEach(type -> {
            ClientConfig config = context.getBean(type).config();
            assertThat(config.requestCompression()).isEqualTo(defaults.requestCompression());
            assertThat(config.attemptTimeout()).isEqualTo(defaults.attemptTimeout());
            assertThat(config.callDeadline()).isEqualTo(defaults.callDeadline());
            assertThat(config.hostDownTtl()).isEqualTo(defaults.hostDownTtl());
            assertThat(config.maxRateLimitWait()).isEqualTo(defaults.maxRateLimitWait());
            assertThat(config.maxResponseBytes()).isEqualTo(defaults.maxResponseBytes());
            assertThat(config.retryRounds()).isEqualTo(defaults.retryRounds());
            assertThat(config.defaultHeaders()).isEmpty();
            assertThat(config.userAgentSegments()).isEmpty();
        }));
    }

    @Test
    void anAdjustmentOfTheRetryRoundsAloneStartsFromForOutagesAndOffIsOneRound() {
        configured
                .withPropertyValues("quarry.retry-rounds.budget=0s")
                .run(context -> assertThat(config(context, SearchClient.class).retryRounds())
                        .isEqualTo(RetryRounds.forOutages().budget(Duration.ZERO)));
        configured
                .withPropertyValues("quarry.retry-rounds.mode=OFF")
                .run(context -> assertThat(config(context, SearchClient.class).retryRounds())
                        .isEqualTo(RetryRounds.of()));
    }

    @Test
    void oneEnvironmentGivesTheSameSettingsWithSpringAsWithEnvironmentConfig() {
        Map<String, String> settings = new HashMap<>();
        for (EnvironmentConfig.Variable variable : EnvironmentConfig.Variable.values()) {
            settings.put(
                    variable.environmentName(),
                    switch (variable) {
                        case APPLICATION_ID -> "ENVAPP";
                        case HOSTS -> "http://search-mock:8080";
                        case ALLOW_INSECURE_HTTP -> "true";
                        case CONNECT_TIMEOUT -> "750";
                        case READ_TIMEOUT -> "3s";
                        case WRITE_TIMEOUT -> "PT1M";
                        case CLOSE_TIMEOUT -> "0";
                        case LOG_LEVEL -> "bodies";
                        case REQUEST_COMPRESSION -> "gzip";
                        case ATTEMPT_TIMEOUT -> "20s";
                        case CALL_DEADLINE -> "5m";
                        case HOST_DOWN_TTL -> "1h";
                        case MAX_RATE_LIMIT_WAIT -> "15s";
                        case MAX_RESPONSE_BYTES -> "64KB";
                        case RETRY_ROUNDS_MODE -> "for-outages";
                        case RETRY_ROUNDS_MAX_ROUNDS -> "5";
                        case RETRY_ROUNDS_BUDGET -> "2m";
                        case RETRY_ROUNDS_FIRST_WAIT -> "1s";
                        case RETRY_ROUNDS_MAX_WAIT -> "30s";
                        case USER_AGENT_SEGMENT -> "my-shop (2.1)";
                        case CRAWLER_HOSTS -> "http://crawler-mock:8080/api/1";
                        case MONITORING_HOSTS, USAGE_HOSTS -> "http://other-mock:8080";
                        default ->
                            "value-of-"
                                    + variable.name()
                                            .toLowerCase(java.util.Locale.ROOT)
                                            .replace('_', '-');
                    });
        }
        ClientConfig withoutSpring =
                EnvironmentConfig.of(settings::get, name -> null).config();
        runner.withInitializer(context -> context.getEnvironment()
                        .getPropertySources()
                        .addFirst(new SystemEnvironmentPropertySource("test-systemEnvironment", Map.copyOf(settings))))
                .run(context -> {
                    ClientConfig withSpring = config(context, SearchClient.class);
                    assertThat(withSpring.credentials()).isEqualTo(withoutSpring.credentials());
                    assertThat(withSpring.hosts()).isEqualTo(withoutSpring.hosts());
                    assertThat(withSpring.insecureHttpAllowed()).isTrue();
                    assertThat(withSpring.connectTimeout()).isEqualTo(withoutSpring.connectTimeout());
                    assertThat(withSpring.readTimeout()).isEqualTo(withoutSpring.readTimeout());
                    assertThat(withSpring.writeTimeout()).isEqualTo(withoutSpring.writeTimeout());
                    assertThat(withSpring.closeTimeout()).isEqualTo(withoutSpring.closeTimeout());
                    assertThat(withSpring.logLevel()).isEqualTo(withoutSpring.logLevel());
                    assertThat(withSpring.requestCompression()).isEqualTo(RequestCompression.GZIP);
                    assertThat(withSpring.attemptTimeout()).isEqualTo(withoutSpring.attemptTimeout());
                    assertThat(withSpring.callDeadline()).isEqualTo(withoutSpring.callDeadline());
                    assertThat(withSpring.hostDownTtl()).isEqualTo(withoutSpring.hostDownTtl());
                    assertThat(withSpring.maxRateLimitWait()).isEqualTo(withoutSpring.maxRateLimitWait());
                    assertThat(withSpring.maxResponseBytes()).isEqualTo(64L * 1024);
                    assertThat(withoutSpring.maxResponseBytes()).isEqualTo(64L * 1024);
                    assertThat(withSpring.retryRounds()).isEqualTo(withoutSpring.retryRounds());
                    assertThat(withSpring.retryRounds().maxRounds()).isEqualTo(5);
                    assertThat(withSpring.userAgentSegments()).isEqualTo(withoutSpring.userAgentSegments());
                    assertThat(withSpring.userAgentSegments()).containsExactly("my-shop (2.1)");
                    assertThat(config(context, MonitoringClient.class).hosts())
                            .isEqualTo(EnvironmentConfig.of(settings::get, name -> null)
                                    .monitoringConfig()
                                    .hosts());
                });
    }

    @Test
    void aCallSettingTheClientsCannotUseIsNamedButNeverShown() {
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put(
                "quarry.attempt-timeout=0s", "quarry.attempt-timeout (environment variable QUARRY_ATTEMPT_TIMEOUT)");
        refused.put("quarry.call-deadline=-1s", "quarry.call-deadline (environment variable QUARRY_CALL_DEADLINE)");
        refused.put("quarry.host-down-ttl=0s", "quarry.host-down-ttl (environment variable QUARRY_HOST_DOWN_TTL)");
        refused.put("quarry.max-rate-limit-wait=0s", "quarry.max-rate-limit-wait (environment variable");
        refused.put("quarry.max-response-bytes=0B", "quarry.max-response-bytes (environment variable");
        refused.put("quarry.retry-rounds.max-rounds=0", "quarry.retry-rounds.max-rounds (environment variable");
        refused.put("quarry.retry-rounds.budget=-1s", "quarry.retry-rounds.budget (environment variable");
        refused.put("quarry.retry-rounds.first-wait=10s", "quarry.retry-rounds.first-wait (environment variable");
        refused.put("quarry.retry-rounds.max-wait=0s", "quarry.retry-rounds.max-wait (environment variable");
        refused.put("quarry.default-headers[Bad Name]=x", "quarry.default-headers[Bad Name] (environment variable");
        refused.put("quarry.user-agent-segment=" + KEY + ";", "quarry.user-agent-segment (environment variable");
        refused.forEach((property, named) -> configured
                .withPropertyValues(property)
                .run(context -> assertThat(failure(context))
                        .as(property)
                        .hasMessageStartingWith(named)
                        .hasMessageNotContaining(KEY)));
        configured
                .withPropertyValues("quarry.retry-rounds.mode=off", "quarry.retry-rounds.max-rounds=5")
                .run(
                        context -> assertThat(failure(context))
                                .hasMessageStartingWith(
                                        "quarry.retry-rounds.max-rounds (environment variable"
                                                + " QUARRY_RETRY_ROUNDS_MAX_ROUNDS): it has no effect with quarry.retry-rounds.mode=off"));
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
        // QUARRY_REGION is the starter's own variable, which its failure report names
        Map<String, Object> variables = Map.of(
                EnvironmentConfig.Variable.APPLICATION_ID.environmentName(),
                "ENVAPP",
                EnvironmentConfig.Variable.API_KEY.environmentName(),
                "env-key",
                EnvironmentConfig.Variable.READ_TIMEOUT.environmentName(),
                "4s",
                EnvironmentConfig.Variable.MONITORING_API_KEY.environmentName(),
                "env-monitoring-key",
                EnvironmentConfig.Variable.USAGE_API_KEY.environmentName(),
                "env-usage-key",
                EnvironmentConfig.Variable.CRAWLER_USER_ID.environmentName(),
                "env-crawler-user",
                EnvironmentConfig.Variable.CRAWLER_API_KEY.environmentName(),
                "env-crawler-key",
                EnvironmentConfig.Variable.CRAWLER_HOSTS.environmentName(),
                "https://crawler.example.com/api/1",
                "QUARRY_REGION",
                "eu");
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
                .withPropertyValues("quarry.request-compression=GZIP")
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
