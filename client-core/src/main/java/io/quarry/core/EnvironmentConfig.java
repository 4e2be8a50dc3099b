package io.quarry.core;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Client configurations read from environment variables and Java system properties, so that no key is written in
 * code or in a file kept with it.
 *
 * <pre>{@code
 * SearchClient search = SearchClient.create(EnvironmentConfig.system().config());
 * MonitoringClient monitoring = MonitoringClient.create(EnvironmentConfig.system().monitoringConfig());
 * }</pre>
 *
 * <table>
 *   <caption>Variables and system properties</caption>
 *   <tr><th>Environment variable</th><th>System property</th><th>Meaning</th></tr>
 *   <tr><td>{@code QUARRY_APPLICATION_ID}</td><td>{@code quarry.application-id}</td>
 *       <td>the application ID; required except by the crawler</td></tr>
 *   <tr><td>{@code QUARRY_API_KEY}</td><td>{@code quarry.api-key}</td>
 *       <td>the API key of {@link #config()}; required there</td></tr>
 *   <tr><td>{@code QUARRY_HOSTS}</td><td>{@code quarry.hosts}</td>
 *       <td>host URLs separated by commas, replacing the default hosts of every configuration below; plain
 *       {@code http} only to a loopback address unless {@code QUARRY_ALLOW_INSECURE_HTTP} is {@code true}</td></tr>
 *   <tr><td>{@code QUARRY_ALLOW_INSECURE_HTTP}</td><td>{@code quarry.allow-insecure-http}</td>
 *       <td>{@code true} or {@code false} (the default): whether the hosts of every configuration below may be
 *       plain {@code http} to a host that is not a loopback address, such as a mock server reached by its Docker
 *       Compose service name ({@link ClientConfig.Builder#allowInsecureHttp()})</td></tr>
 *   <tr><td>{@code QUARRY_CONNECT_TIMEOUT}</td><td>{@code quarry.connect-timeout}</td>
 *       <td>a duration: {@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h}, ISO-8601 ({@code PT2S}), or a bare
 *       number of milliseconds</td></tr>
 *   <tr><td>{@code QUARRY_READ_TIMEOUT}</td><td>{@code quarry.read-timeout}</td><td>a duration</td></tr>
 *   <tr><td>{@code QUARRY_WRITE_TIMEOUT}</td><td>{@code quarry.write-timeout}</td><td>a duration</td></tr>
 *   <tr><td>{@code QUARRY_CLOSE_TIMEOUT}</td><td>{@code quarry.close-timeout}</td>
 *       <td>a duration, or {@code 0} to cancel the calls in flight at once on {@code close()}</td></tr>
 *   <tr><td>{@code QUARRY_LOG_LEVEL}</td><td>{@code quarry.log-level}</td>
 *       <td>{@code none}, {@code basic} or {@code bodies}, in any case</td></tr>
 *   <tr><td>{@code QUARRY_GZIP_REQUESTS}</td><td>{@code quarry.gzip-requests}</td>
 *       <td>{@code true} or {@code false}</td></tr>
 *   <tr><td>{@code QUARRY_MONITORING_API_KEY}</td><td>{@code quarry.monitoring.api-key}</td>
 *       <td>the monitoring key, required by {@link #monitoringConfig()}</td></tr>
 *   <tr><td>{@code QUARRY_MONITORING_HOSTS}</td><td>{@code quarry.monitoring.hosts}</td>
 *       <td>the monitoring hosts, in place of {@code QUARRY_HOSTS}</td></tr>
 *   <tr><td>{@code QUARRY_USAGE_API_KEY}</td><td>{@code quarry.usage.api-key}</td>
 *       <td>the usage key, required by {@link #usageConfig()}</td></tr>
 *   <tr><td>{@code QUARRY_USAGE_HOSTS}</td><td>{@code quarry.usage.hosts}</td>
 *       <td>the usage hosts, in place of {@code QUARRY_HOSTS}</td></tr>
 *   <tr><td>{@code QUARRY_CRAWLER_USER_ID}</td><td>{@code quarry.crawler.user-id}</td>
 *       <td>the crawler user ID, required by {@link #crawlerConfig()}</td></tr>
 *   <tr><td>{@code QUARRY_CRAWLER_API_KEY}</td><td>{@code quarry.crawler.api-key}</td>
 *       <td>the crawler API key, required by {@link #crawlerConfig()}</td></tr>
 *   <tr><td>{@code QUARRY_CRAWLER_HOSTS}</td><td>{@code quarry.crawler.hosts}</td>
 *       <td>the crawler hosts with the API's path (such as {@code https://proxy.example.com/api/1}), in place of
 *       {@code QUARRY_HOSTS}</td></tr>
 * </table>
 *
 * <p>Precedence: a system property set to a non-blank value wins over the environment variable, as a
 * {@code -D} option given for one run is the more specific; an unset or blank one leaves the variable in force. A
 * variable set to a blank value counts as not set. The system property names are the Spring Boot property names of
 * the Quarry starter, and Spring Boot binds each environment variable above to its property, so one environment
 * configures an application with or without Spring.
 *
 * <p>Every problem is a {@link ConfigurationException} naming the variable and its system property, never the
 * value: a missing or blank required variable, a duration, level, boolean or host URL that does not parse, a plain
 * {@code http} host that is not loopback without {@code QUARRY_ALLOW_INSECURE_HTTP}.
 */
public final class EnvironmentConfig {

    /** One configuration variable: its environment variable name and its system property name. */
    public enum Variable {
        /** The application ID. */
        APPLICATION_ID("QUARRY_APPLICATION_ID", "quarry.application-id"),
        /** The API key. */
        API_KEY("QUARRY_API_KEY", "quarry.api-key"),
        /** The custom hosts of every configuration. */
        HOSTS("QUARRY_HOSTS", "quarry.hosts"),
        /** Whether the hosts may be plain http to a host that is not loopback; {@code true} or {@code false}. */
        ALLOW_INSECURE_HTTP("QUARRY_ALLOW_INSECURE_HTTP", "quarry.allow-insecure-http"),
        /** The connect timeout. */
        CONNECT_TIMEOUT("QUARRY_CONNECT_TIMEOUT", "quarry.connect-timeout"),
        /** The response timeout of read calls. */
        READ_TIMEOUT("QUARRY_READ_TIMEOUT", "quarry.read-timeout"),
        /** The response timeout of write calls. */
        WRITE_TIMEOUT("QUARRY_WRITE_TIMEOUT", "quarry.write-timeout"),
        /** How long {@code close()} lets the calls in flight end before cancelling them; zero allowed. */
        CLOSE_TIMEOUT("QUARRY_CLOSE_TIMEOUT", "quarry.close-timeout"),
        /** What the client logs. */
        LOG_LEVEL("QUARRY_LOG_LEVEL", "quarry.log-level"),
        /** Whether request bodies are compressed. */
        GZIP_REQUESTS("QUARRY_GZIP_REQUESTS", "quarry.gzip-requests"),
        /** The monitoring key. */
        MONITORING_API_KEY("QUARRY_MONITORING_API_KEY", "quarry.monitoring.api-key"),
        /** The monitoring hosts. */
        MONITORING_HOSTS("QUARRY_MONITORING_HOSTS", "quarry.monitoring.hosts"),
        /** The usage key. */
        USAGE_API_KEY("QUARRY_USAGE_API_KEY", "quarry.usage.api-key"),
        /** The usage hosts. */
        USAGE_HOSTS("QUARRY_USAGE_HOSTS", "quarry.usage.hosts"),
        /** The crawler user ID. */
        CRAWLER_USER_ID("QUARRY_CRAWLER_USER_ID", "quarry.crawler.user-id"),
        /** The crawler API key. */
        CRAWLER_API_KEY("QUARRY_CRAWLER_API_KEY", "quarry.crawler.api-key"),
        /** The crawler hosts. */
        CRAWLER_HOSTS("QUARRY_CRAWLER_HOSTS", "quarry.crawler.hosts");

        private final String environmentName;
        private final String systemProperty;

        Variable(String environmentName, String systemProperty) {
            this.environmentName = environmentName;
            this.systemProperty = systemProperty;
        }

        /** {@return the environment variable's name, such as {@code QUARRY_API_KEY}} */
        public String environmentName() {
            return environmentName;
        }

        /** {@return the system property's name, such as {@code quarry.api-key}} */
        public String systemProperty() {
            return systemProperty;
        }

        /** Names both, for messages: {@code QUARRY_API_KEY (system property quarry.api-key)}. */
        @Override
        public String toString() {
            return environmentName + " (system property " + systemProperty + ")";
        }
    }

    private static final Pattern SIMPLE_DURATION = Pattern.compile("(\\d{1,18})(ms|s|m|h)?");

    private final Function<String, String> environment;
    private final Function<String, String> systemProperties;

    private EnvironmentConfig(Function<String, String> environment, Function<String, String> systemProperties) {
        this.environment = Objects.requireNonNull(environment, "environment");
        this.systemProperties = Objects.requireNonNull(systemProperties, "systemProperties");
    }

    /**
     * Reads this process's environment variables ({@link System#getenv(String)}) and system properties
     * ({@link System#getProperty(String)}), each time a configuration is asked for.
     *
     * @return the reader
     */
    public static EnvironmentConfig system() {
        return new EnvironmentConfig(System::getenv, System::getProperty);
    }

    /**
     * Reads the given sources instead of the process's (tests pass maps' {@code get}).
     *
     * @param environment      environment variable name to value, or null when unset
     * @param systemProperties system property name to value, or null when unset
     * @return the reader
     */
    public static EnvironmentConfig of(
            Function<String, String> environment, Function<String, String> systemProperties) {
        return new EnvironmentConfig(environment, systemProperties);
    }

    /**
     * A configuration with the application ID and API key, for the search, analytics, insights, personalization,
     * answers and query-suggestions clients.
     *
     * @return the configuration; adjust it further with {@link ClientConfig#toBuilder()}
     * @throws ConfigurationException if {@code QUARRY_APPLICATION_ID} or {@code QUARRY_API_KEY} is missing or
     *     blank, or a variable does not parse
     */
    public ClientConfig config() {
        return keyConfig(Variable.API_KEY, Variable.HOSTS);
    }

    /**
     * A configuration with the application ID and the monitoring key, for the monitoring client.
     *
     * @return the configuration
     * @throws ConfigurationException if {@code QUARRY_APPLICATION_ID} or {@code QUARRY_MONITORING_API_KEY} is
     *     missing or blank, or a variable does not parse
     */
    public ClientConfig monitoringConfig() {
        return keyConfig(Variable.MONITORING_API_KEY, Variable.MONITORING_HOSTS);
    }

    /**
     * A configuration with the application ID and the usage key, for the usage client.
     *
     * @return the configuration
     * @throws ConfigurationException if {@code QUARRY_APPLICATION_ID} or {@code QUARRY_USAGE_API_KEY} is missing
     *     or blank, or a variable does not parse
     */
    public ClientConfig usageConfig() {
        return keyConfig(Variable.USAGE_API_KEY, Variable.USAGE_HOSTS);
    }

    /**
     * A configuration with the crawler user ID and API key (HTTP basic authentication), for the crawler client.
     *
     * @return the configuration
     * @throws ConfigurationException if {@code QUARRY_CRAWLER_USER_ID} or {@code QUARRY_CRAWLER_API_KEY} is
     *     missing or blank, or a variable does not parse
     */
    public ClientConfig crawlerConfig() {
        Credentials credentials;
        String userId = required(Variable.CRAWLER_USER_ID);
        String key = required(Variable.CRAWLER_API_KEY);
        try {
            credentials = Credentials.basic(userId, key);
        } catch (ConfigurationException e) {
            throw new ConfigurationException(
                    Variable.CRAWLER_USER_ID + " or " + Variable.CRAWLER_API_KEY + ": " + e.getMessage());
        }
        return common(ClientConfig.builder(credentials), Variable.CRAWLER_HOSTS).build();
    }

    /**
     * The value in force for a variable: the system property when set and not blank, else the environment
     * variable when set and not blank.
     *
     * @param variable the variable
     * @return the value, trimmed; empty when neither is set to a non-blank value
     */
    public Optional<String> value(Variable variable) {
        Objects.requireNonNull(variable, "variable");
        return nonBlank(systemProperties.apply(variable.systemProperty()))
                .or(() -> nonBlank(environment.apply(variable.environmentName())));
    }

    private ClientConfig keyConfig(Variable key, Variable productHosts) {
        String applicationId = required(Variable.APPLICATION_ID);
        String apiKey = required(key);
        Credentials credentials;
        try {
            credentials = Credentials.apiKey(applicationId, apiKey);
        } catch (ConfigurationException e) {
            // Credentials names which one ("application ID" / "API key") without its value.
            throw new ConfigurationException(Variable.APPLICATION_ID + " or " + key + ": " + e.getMessage());
        }
        return common(ClientConfig.builder(credentials), productHosts).build();
    }

    private ClientConfig.Builder common(ClientConfig.Builder builder, Variable productHosts) {
        boolean insecureHttp = value(Variable.ALLOW_INSECURE_HTTP)
                .map(text -> bool(Variable.ALLOW_INSECURE_HTTP, text))
                .orElse(false);
        if (insecureHttp) {
            builder.allowInsecureHttp();
        }
        Variable hostsVariable = value(productHosts).isPresent() ? productHosts : Variable.HOSTS;
        value(hostsVariable).ifPresent(text -> builder.hosts(hosts(hostsVariable, text, insecureHttp)));
        value(Variable.CONNECT_TIMEOUT)
                .ifPresent(text -> builder.connectTimeout(duration(Variable.CONNECT_TIMEOUT, text)));
        value(Variable.READ_TIMEOUT).ifPresent(text -> builder.readTimeout(duration(Variable.READ_TIMEOUT, text)));
        value(Variable.WRITE_TIMEOUT).ifPresent(text -> builder.writeTimeout(duration(Variable.WRITE_TIMEOUT, text)));
        value(Variable.CLOSE_TIMEOUT)
                .ifPresent(text -> builder.closeTimeout(durationOrZero(Variable.CLOSE_TIMEOUT, text)));
        value(Variable.LOG_LEVEL).ifPresent(text -> builder.logLevel(logLevel(text)));
        value(Variable.GZIP_REQUESTS)
                .ifPresent(text -> builder.requestCompression(
                        bool(Variable.GZIP_REQUESTS, text) ? RequestCompression.GZIP : RequestCompression.NONE));
        return builder;
    }

    private String required(Variable variable) {
        String property = systemProperties.apply(variable.systemProperty());
        String env = environment.apply(variable.environmentName());
        return value(variable)
                .orElseThrow(() -> new ConfigurationException(
                        variable + (property != null || env != null ? " is blank" : " is not set") + ": set it to the "
                                + variable.name().toLowerCase(Locale.ROOT).replace('_', ' ')));
    }

    private static List<Host> hosts(Variable variable, String text, boolean insecureHttp) {
        List<Host> hosts = new ArrayList<>();
        String[] entries = text.split(",", -1);
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i].trim();
            if (entry.isEmpty()) {
                throw new ConfigurationException(variable + " has an empty entry (number " + (i + 1) + ")");
            }
            Host host;
            try {
                host = Host.of(entry);
            } catch (IllegalArgumentException e) {
                // Host's message holds the text; this one does not.
                throw new ConfigurationException(variable + " entry number " + (i + 1)
                        + " is not a host URL (scheme, host name, optional port and path)");
            }
            // Refused here rather than by build(), whose message names the builder's method, not the variable.
            if (!insecureHttp && ClientConfig.needsInsecureHttp(host)) {
                throw new ConfigurationException(variable + " entry number " + (i + 1)
                        + " is plain http to a host that is not a loopback address: use https, or set "
                        + Variable.ALLOW_INSECURE_HTTP + " to true if this really is intended");
            }
            hosts.add(host);
        }
        return hosts;
    }

    /** A timeout of a call: zero would make every call fail, so it is refused. */
    private static Duration duration(Variable variable, String text) {
        Duration parsed = durationOrZero(variable, text);
        if (parsed.isZero()) {
            throw new ConfigurationException(variable + " must be a positive duration");
        }
        return parsed;
    }

    /** A duration of zero or more, such as the close timeout, whose zero means "do not wait". */
    private static Duration durationOrZero(Variable variable, String text) {
        Matcher simple = SIMPLE_DURATION.matcher(text);
        if (simple.matches()) {
            long amount = Long.parseLong(simple.group(1));
            String unit = simple.group(2) == null ? "ms" : simple.group(2);
            try {
                return switch (unit) {
                    case "s" -> Duration.ofSeconds(amount);
                    case "m" -> Duration.ofMinutes(amount);
                    case "h" -> Duration.ofHours(amount);
                    default -> Duration.ofMillis(amount);
                };
            } catch (ArithmeticException tooLong) {
                throw new ConfigurationException(variable + " is longer than a duration can be");
            }
        }
        Duration parsed;
        try {
            parsed = Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw new ConfigurationException(
                    variable + " is not a duration: use 500ms, 2s, 1m, 1h, ISO-8601 such as PT2S, or milliseconds");
        }
        if (parsed.isNegative()) {
            throw new ConfigurationException(variable + " must not be a negative duration");
        }
        return parsed;
    }

    private static LogLevel logLevel(String text) {
        for (LogLevel level : LogLevel.values()) {
            if (level.name().equalsIgnoreCase(text)) {
                return level;
            }
        }
        throw new ConfigurationException(Variable.LOG_LEVEL + " is not a log level: use none, basic or bodies");
    }

    private static boolean bool(Variable variable, String text) {
        if (text.equalsIgnoreCase("true")) {
            return true;
        }
        if (text.equalsIgnoreCase("false")) {
            return false;
        }
        throw new ConfigurationException(variable + " is not a boolean: use true or false");
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }
}
