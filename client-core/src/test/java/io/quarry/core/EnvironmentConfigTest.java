package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.EnvironmentConfig.Variable;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Configurations from environment variables and system properties, read through injected maps. */
class EnvironmentConfigTest {

    private static final String SECRET = "s3cr3t-key-value";

    private final Map<String, String> env = new HashMap<>();
    private final Map<String, String> props = new HashMap<>();
    private final EnvironmentConfig reader = EnvironmentConfig.of(env::get, props::get);

    @Test
    void readsEveryVariableOfTheMainConfiguration() {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        env.put("QUARRY_API_KEY", SECRET);
        env.put("QUARRY_HOSTS", "https://a.example.com, https://b.example.com:8443/base");
        env.put("QUARRY_CONNECT_TIMEOUT", "750ms");
        env.put("QUARRY_READ_TIMEOUT", "3s");
        env.put("QUARRY_WRITE_TIMEOUT", "PT1M30S");
        env.put("QUARRY_CLOSE_TIMEOUT", "12s");
        env.put("QUARRY_LOG_LEVEL", "bodies");
        env.put("QUARRY_REQUEST_COMPRESSION", "GZIP");
        env.put("QUARRY_ATTEMPT_TIMEOUT", "20s");
        env.put("QUARRY_CALL_DEADLINE", "5m");
        env.put("QUARRY_HOST_DOWN_TTL", "PT1M");
        env.put("QUARRY_MAX_RATE_LIMIT_WAIT", "15000");
        env.put("QUARRY_MAX_RESPONSE_BYTES", "200MB");
        env.put("QUARRY_RETRY_ROUNDS_MODE", "for-outages");
        env.put("QUARRY_RETRY_ROUNDS_MAX_ROUNDS", "5");
        env.put("QUARRY_RETRY_ROUNDS_BUDGET", "2m");
        env.put("QUARRY_RETRY_ROUNDS_FIRST_WAIT", "1s");
        env.put("QUARRY_RETRY_ROUNDS_MAX_WAIT", "30s");
        env.put("QUARRY_USER_AGENT_SEGMENT", "my-shop (2.1)");

        ClientConfig config = reader.config();

        assertThat(config.credentials()).isEqualTo(Credentials.apiKey("MYAPP", SECRET));
        assertThat(config.hosts())
                .containsExactly(Host.of("https://a.example.com"), Host.of("https://b.example.com:8443/base"));
        assertThat(config.connectTimeout()).isEqualTo(Duration.ofMillis(750));
        assertThat(config.readTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(config.writeTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(config.closeTimeout()).isEqualTo(Duration.ofSeconds(12));
        assertThat(config.logLevel()).isEqualTo(LogLevel.BODIES);
        assertThat(config.requestCompression()).isEqualTo(RequestCompression.GZIP);
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
        assertThat(config.userAgentSegments()).containsExactly("my-shop (2.1)");
    }

    @Test
    void theSystemPropertiesSetTheSameSettings() {
        requiredSet();
        props.put("quarry.request-compression", "gzip");
        props.put("quarry.attempt-timeout", "20s");
        props.put("quarry.call-deadline", "5m");
        props.put("quarry.host-down-ttl", "1m");
        props.put("quarry.max-rate-limit-wait", "15s");
        props.put("quarry.max-response-bytes", "64KB");
        props.put("quarry.retry-rounds.mode", "off");
        props.put("quarry.user-agent-segment", "my-shop (2.1)");

        ClientConfig config = reader.config();

        assertThat(config.requestCompression()).isEqualTo(RequestCompression.GZIP);
        assertThat(config.attemptTimeout()).contains(Duration.ofSeconds(20));
        assertThat(config.callDeadline()).isEqualTo(Duration.ofMinutes(5));
        assertThat(config.hostDownTtl()).isEqualTo(Duration.ofMinutes(1));
        assertThat(config.maxRateLimitWait()).contains(Duration.ofSeconds(15));
        assertThat(config.maxResponseBytes()).isEqualTo(64L * 1024);
        assertThat(config.retryRounds()).isEqualTo(RetryRounds.of());
        assertThat(config.userAgentSegments()).containsExactly("my-shop (2.1)");
    }

    @ParameterizedTest
    @CsvSource({
        "1, 1",
        "1048576, 1048576",
        "10B, 10",
        "64KB, 65536",
        "200MB, 209715200",
        "'1 GB', 1073741824",
        "2TB, 2199023255552"
    })
    void theResponseSizeCapIsReadAsSpringBootReadsADataSize(String text, long bytes) {
        requiredSet();
        env.put("QUARRY_MAX_RESPONSE_BYTES", text);

        assertThat(reader.config().maxResponseBytes()).isEqualTo(bytes);
    }

    @Test
    void theRetryRoundsStartFromTheirModeAndAnAdjustmentAloneStartsFromForOutages() {
        requiredSet();
        env.put("QUARRY_RETRY_ROUNDS_MODE", "FOR_OUTAGES");
        assertThat(reader.config().retryRounds()).isEqualTo(RetryRounds.forOutages());

        env.remove("QUARRY_RETRY_ROUNDS_MODE");
        env.put("QUARRY_RETRY_ROUNDS_BUDGET", "0");
        assertThat(reader.config().retryRounds())
                .isEqualTo(RetryRounds.forOutages().budget(Duration.ZERO));

        env.put("QUARRY_RETRY_ROUNDS_MAX_WAIT", "20s");
        assertThat(reader.config().retryRounds())
                .isEqualTo(RetryRounds.forOutages()
                        .budget(Duration.ZERO)
                        .waits(Duration.ofMillis(250), Duration.ofSeconds(20)));
    }

    @Test
    void retryRoundsThatCannotBeBuiltAreNamedWithoutTheirValue() {
        requiredSet();
        assertRejected("QUARRY_RETRY_ROUNDS_MODE", SECRET);
        assertRejected("QUARRY_RETRY_ROUNDS_MAX_ROUNDS", "0");
        assertRejected("QUARRY_RETRY_ROUNDS_MAX_ROUNDS", SECRET);
        assertRejected("QUARRY_RETRY_ROUNDS_BUDGET", "-PT1S");
        assertRejected("QUARRY_RETRY_ROUNDS_FIRST_WAIT", "0s");
        assertRejected("QUARRY_RETRY_ROUNDS_MAX_WAIT", "0s");
        // 10 s first with the mode's 8 s at most, or 100 ms at most with its 250 ms first: the messages name both
        assertRejected("QUARRY_RETRY_ROUNDS_FIRST_WAIT", "10s");
        env.put("QUARRY_RETRY_ROUNDS_MAX_WAIT", "100ms");
        assertThatThrownBy(reader::config)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("QUARRY_RETRY_ROUNDS_FIRST_WAIT")
                .hasMessageContaining("QUARRY_RETRY_ROUNDS_MAX_WAIT");
        env.remove("QUARRY_RETRY_ROUNDS_MAX_WAIT");

        // off tries each host once: a round count beside it would do nothing, so it is refused
        env.put("QUARRY_RETRY_ROUNDS_MODE", "off");
        env.put("QUARRY_RETRY_ROUNDS_MAX_ROUNDS", "5");
        assertThatThrownBy(reader::config)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("QUARRY_RETRY_ROUNDS_MODE (system property quarry.retry-rounds.mode) is off");
    }

    @Test
    void aSizeCompressionOrUserAgentSegmentThatCannotBeUsedIsNamedWithoutItsValue() {
        requiredSet();
        for (String bad : List.of(SECRET, "0", "0KB", "-1", "10mb", "10MiB", "1.5MB", "99999999999TB")) {
            assertRejected("QUARRY_MAX_RESPONSE_BYTES", bad);
        }
        assertRejected("QUARRY_REQUEST_COMPRESSION", SECRET);
        assertRejected("QUARRY_REQUEST_COMPRESSION", "true");
        assertRejected("QUARRY_USER_AGENT_SEGMENT", SECRET + ";");
        assertRejected("QUARRY_USER_AGENT_SEGMENT", SECRET + "\u00e9");
    }

    @Test
    void withOnlyTheRequiredVariablesEverySettingKeepsItsDefault() {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        env.put("QUARRY_API_KEY", SECRET);

        ClientConfig config = reader.config();

        assertThat(config.hosts()).isEmpty();
        assertThat(config.connectTimeout()).isEqualTo(ClientConfig.DEFAULT_CONNECT_TIMEOUT);
        assertThat(config.readTimeout()).isEqualTo(ClientConfig.DEFAULT_READ_TIMEOUT);
        assertThat(config.writeTimeout()).isEqualTo(ClientConfig.DEFAULT_WRITE_TIMEOUT);
        assertThat(config.closeTimeout()).isEqualTo(ClientConfig.DEFAULT_CLOSE_TIMEOUT);
        assertThat(config.logLevel()).isEqualTo(LogLevel.BASIC);
        assertThat(config.requestCompression()).isEqualTo(RequestCompression.NONE);
        assertThat(config.attemptTimeout()).isEmpty();
        assertThat(config.callDeadline()).isEqualTo(ClientConfig.DEFAULT_CALL_DEADLINE);
        assertThat(config.hostDownTtl()).isEqualTo(ClientConfig.DEFAULT_HOST_DOWN_TTL);
        assertThat(config.maxRateLimitWait()).isEmpty();
        assertThat(config.maxResponseBytes()).isEqualTo(ClientConfig.DEFAULT_MAX_RESPONSE_BYTES);
        assertThat(config.retryRounds()).isEqualTo(RetryRounds.of());
        assertThat(config.userAgentSegments()).isEmpty();
    }

    @Test
    void monitoringAndUsageUseTheirOwnKeysAndHosts() {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        env.put("QUARRY_HOSTS", "https://every.example.com");
        env.put("QUARRY_MONITORING_API_KEY", "monitoring-secret");
        env.put("QUARRY_MONITORING_HOSTS", "https://status.example.com");
        env.put("QUARRY_USAGE_API_KEY", "usage-secret");

        ClientConfig monitoring = reader.monitoringConfig();
        ClientConfig usage = reader.usageConfig();

        assertThat(monitoring.credentials()).isEqualTo(Credentials.apiKey("MYAPP", "monitoring-secret"));
        assertThat(monitoring.hosts()).containsExactly(Host.of("https://status.example.com"));
        assertThat(usage.credentials()).isEqualTo(Credentials.apiKey("MYAPP", "usage-secret"));
        assertThat(usage.hosts()).containsExactly(Host.of("https://every.example.com"));

        env.put("QUARRY_USAGE_HOSTS", "https://usage.example.com");
        assertThat(reader.usageConfig().hosts()).containsExactly(Host.of("https://usage.example.com"));
    }

    @Test
    void theCrawlerUsesBasicAuthenticationAndNeedsNoApplicationId() {
        env.put("QUARRY_CRAWLER_USER_ID", "crawler-user");
        env.put("QUARRY_CRAWLER_API_KEY", SECRET);
        env.put("QUARRY_CRAWLER_HOSTS", "https://proxy.example.com/api/1");

        ClientConfig crawler = reader.crawlerConfig();

        String token = Base64.getEncoder().encodeToString(("crawler-user:" + SECRET).getBytes());
        assertThat(crawler.credentials().headers()).containsEntry("Authorization", "Basic " + token);
        assertThat(crawler.hosts()).containsExactly(Host.of("https://proxy.example.com/api/1"));
    }

    @Test
    void aSystemPropertyWinsOverTheEnvironmentVariableUnlessBlank() {
        env.put("QUARRY_APPLICATION_ID", "FROMENV");
        env.put("QUARRY_API_KEY", SECRET);
        props.put("quarry.application-id", "FROMPROPERTY");
        assertThat(reader.config().credentials().applicationId()).contains("FROMPROPERTY");

        props.put("quarry.application-id", "  ");
        assertThat(reader.config().credentials().applicationId()).contains("FROMENV");
    }

    @Test
    void valuesAreTrimmedSoATrailingNewlineFromAFileDoesNoHarm() {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        env.put("QUARRY_API_KEY", SECRET + "\n");

        assertThat(reader.config().credentials()).isEqualTo(Credentials.apiKey("MYAPP", SECRET));
    }

    @Test
    void everySystemPropertyIsReadAsItsVariable() {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        for (Variable variable : Variable.values()) {
            props.put(variable.systemProperty(), "value-of-" + variable.name());
            assertThat(reader.value(variable)).contains("value-of-" + variable.name());
            props.remove(variable.systemProperty());
            env.put(variable.environmentName(), "env-" + variable.name());
            assertThat(reader.value(variable)).contains("env-" + variable.name());
        }
    }

    @Test
    void theNamesFollowOneRuleSoSpringBootBindsTheVariablesToTheProperties() {
        // Boot binds QUARRY_API_KEY to quarry.api-key: upper case, '.' and '-' both become '_'.
        assertThat(Arrays.stream(Variable.values()))
                .allSatisfy(v -> assertThat(v.environmentName())
                        .isEqualTo(v.systemProperty()
                                .replace('.', '_')
                                .replace('-', '_')
                                .toUpperCase(java.util.Locale.ROOT)));
    }

    @Test
    void aMissingRequiredVariableIsNamed() {
        env.put("QUARRY_API_KEY", SECRET);

        assertThatThrownBy(reader::config)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("QUARRY_APPLICATION_ID")
                .hasMessageContaining("quarry.application-id")
                .hasMessageContaining("is not set");
    }

    @Test
    void aMissingKeyOfEachConfigurationIsNamed() {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");

        assertThatThrownBy(reader::config).hasMessageContaining("QUARRY_API_KEY");
        assertThatThrownBy(reader::monitoringConfig).hasMessageContaining("QUARRY_MONITORING_API_KEY");
        assertThatThrownBy(reader::usageConfig).hasMessageContaining("QUARRY_USAGE_API_KEY");
        assertThatThrownBy(reader::crawlerConfig).hasMessageContaining("QUARRY_CRAWLER_USER_ID");
        env.put("QUARRY_CRAWLER_USER_ID", "crawler-user");
        assertThatThrownBy(reader::crawlerConfig).hasMessageContaining("QUARRY_CRAWLER_API_KEY");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\t\n"})
    void aBlankRequiredVariableIsNamedAsBlank(String blank) {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        env.put("QUARRY_API_KEY", blank);

        assertThatThrownBy(reader::config)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("QUARRY_API_KEY")
                .hasMessageContaining("is blank");
    }

    @ParameterizedTest
    @EnumSource(
            value = Variable.class,
            names = {
                "CONNECT_TIMEOUT",
                "READ_TIMEOUT",
                "WRITE_TIMEOUT",
                "ATTEMPT_TIMEOUT",
                "CALL_DEADLINE",
                "HOST_DOWN_TTL",
                "MAX_RATE_LIMIT_WAIT"
            })
    void aTimeoutThatDoesNotParseIsNamedWithoutItsValue(Variable timeout) {
        requiredSet();
        for (String bad : List.of(SECRET, "0s", "-PT1S", "5 seconds", "999999999999999999h")) {
            env.put(timeout.environmentName(), bad);
            assertThatThrownBy(reader::config)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining(timeout.environmentName())
                    .hasMessageNotContaining(bad);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0s", "PT0S"})
    void aCloseTimeoutOfZeroCancelsAtOnceAsInTheConfiguration(String zero) {
        requiredSet();
        env.put("QUARRY_CLOSE_TIMEOUT", zero);

        assertThat(reader.config().closeTimeout()).isZero();
    }

    @Test
    void aCloseTimeoutThatDoesNotParseIsNamedWithoutItsValue() {
        requiredSet();
        for (String bad : List.of(SECRET, "-PT1S", "5 seconds", "999999999999999999h")) {
            assertRejected("QUARRY_CLOSE_TIMEOUT", bad);
        }
    }

    @Test
    void aLogLevelBooleanOrHostThatDoesNotParseIsNamedWithoutItsValue() {
        requiredSet();
        assertRejected("QUARRY_LOG_LEVEL", SECRET);
        assertRejected("QUARRY_ALLOW_INSECURE_HTTP", SECRET);
        assertRejected("QUARRY_ALLOW_INSECURE_HTTP", "yes");
        assertRejected("QUARRY_HOSTS", "https://ok.example.com," + SECRET + "://x");
        assertRejected("QUARRY_HOSTS", "https://ok.example.com,,https://other.example.com");
    }

    @Test
    void plainHttpToAHostThatIsNotLoopbackIsRefusedNamingTheVariableAndTheSwitch() {
        everyKeySet();
        env.put("QUARRY_HOSTS", "https://ok.example.com,http://search-mock:8080");
        env.put("QUARRY_CRAWLER_HOSTS", "http://crawler-mock:8080/api/1");

        for (ThrowingCallable call :
                List.<ThrowingCallable>of(reader::config, reader::monitoringConfig, reader::usageConfig)) {
            assertThatThrownBy(call)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("QUARRY_HOSTS (system property quarry.hosts) entry number 2 is plain http")
                    .hasMessageContaining(
                            "set QUARRY_ALLOW_INSECURE_HTTP (system property quarry.allow-insecure-http)" + " to true");
        }
        assertThatThrownBy(reader::crawlerConfig)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("QUARRY_CRAWLER_HOSTS (system property quarry.crawler.hosts) entry number 1")
                .hasMessageContaining("QUARRY_ALLOW_INSECURE_HTTP");

        env.put("QUARRY_ALLOW_INSECURE_HTTP", "false");
        assertThatThrownBy(reader::config).hasMessageContaining("QUARRY_ALLOW_INSECURE_HTTP");
    }

    @Test
    void theSwitchAllowsPlainHttpInEveryConfiguration() {
        everyKeySet();
        env.put("QUARRY_ALLOW_INSECURE_HTTP", "true");
        env.put("QUARRY_HOSTS", "http://search-mock:8080");
        env.put("QUARRY_MONITORING_HOSTS", "http://monitoring-mock:8080");
        env.put("QUARRY_CRAWLER_HOSTS", "http://crawler-mock:8080/api/1");

        assertThat(reader.config().hosts()).containsExactly(Host.of("http://search-mock:8080"));
        assertThat(reader.monitoringConfig().hosts()).containsExactly(Host.of("http://monitoring-mock:8080"));
        assertThat(reader.usageConfig().hosts()).containsExactly(Host.of("http://search-mock:8080"));
        assertThat(reader.crawlerConfig().hosts()).containsExactly(Host.of("http://crawler-mock:8080/api/1"));
        for (ClientConfig config :
                List.of(reader.config(), reader.monitoringConfig(), reader.usageConfig(), reader.crawlerConfig())) {
            // carried by toBuilder(), as the crawler client's own base path and a caller's adjustments build on it
            assertThat(config.toBuilder().build().insecureHttpAllowed()).isTrue();
        }

        env.remove("QUARRY_ALLOW_INSECURE_HTTP");
        props.put("quarry.allow-insecure-http", "TRUE");
        assertThat(reader.config().insecureHttpAllowed()).isTrue();
    }

    @Test
    void withoutTheSwitchPlainHttpStaysAllowedToLoopbackAndTheOptInOff() {
        requiredSet();
        env.put("QUARRY_HOSTS", "http://localhost:8080,http://127.0.0.1:8081");

        ClientConfig config = reader.config();

        assertThat(config.hosts()).hasSize(2);
        assertThat(config.insecureHttpAllowed()).isFalse();
    }

    @Test
    void aKeyThatCannotBeSentInAHeaderIsNamedWithoutItsValue() {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        env.put("QUARRY_API_KEY", SECRET + "\u00e9");

        assertThatThrownBy(reader::config)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("QUARRY_API_KEY")
                .hasMessageNotContaining(SECRET);
    }

    @Test
    void noKeyEverAppearsInTheConfigurationsText() {
        requiredSet();
        env.put("QUARRY_MONITORING_API_KEY", SECRET + "-m");
        env.put("QUARRY_CRAWLER_USER_ID", "crawler-user");
        env.put("QUARRY_CRAWLER_API_KEY", SECRET + "-c");

        assertThat(reader.config().toString()).doesNotContain(SECRET);
        assertThat(reader.monitoringConfig().toString()).doesNotContain(SECRET);
        assertThat(reader.crawlerConfig().toString()).doesNotContain(SECRET);
    }

    @Test
    void theSystemReaderReadsThisProcessesProperties() {
        String previousId = System.getProperty("quarry.application-id");
        String previousKey = System.getProperty("quarry.api-key");
        System.setProperty("quarry.application-id", "SYSAPP");
        System.setProperty("quarry.api-key", SECRET);
        try {
            assertThat(EnvironmentConfig.system().config().credentials().applicationId())
                    .contains("SYSAPP");
        } finally {
            restore("quarry.application-id", previousId);
            restore("quarry.api-key", previousKey);
        }
    }

    private void requiredSet() {
        env.put("QUARRY_APPLICATION_ID", "MYAPP");
        env.put("QUARRY_API_KEY", "the-key");
    }

    private void everyKeySet() {
        requiredSet();
        env.put("QUARRY_MONITORING_API_KEY", "monitoring-key");
        env.put("QUARRY_USAGE_API_KEY", "usage-key");
        env.put("QUARRY_CRAWLER_USER_ID", "crawler-user");
        env.put("QUARRY_CRAWLER_API_KEY", "crawler-key");
    }

    private void assertRejected(String name, String value) {
        env.put(name, value);
        assertThatThrownBy(reader::config)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(name)
                .hasMessageNotContaining(SECRET);
        env.remove(name);
    }

    private static void restore(String name, String previous) {
        if (previous == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, previous);
        }
    }
}
