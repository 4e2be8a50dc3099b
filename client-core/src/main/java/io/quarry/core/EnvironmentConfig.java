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
 *       <td>a duration: {@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h}, {@code 1d} ({@code ns} and {@code us}
 *       too, units in any case, as Spring Boot reads them), ISO-8601 ({@code PT2S}), or a bare number of
 *       milliseconds</td></tr>
 *   <tr><td>{@code QUARRY_READ_TIMEOUT}</td><td>{@code quarry.read-timeout}</td><td>a duration</td></tr>
 *   <tr><td>{@code QUARRY_WRITE_TIMEOUT}</td><td>{@code quarry.write-timeout}</td><td>a duration</td></tr>
 *   <tr><td>{@code QUARRY_CLOSE_TIMEOUT}</td><td>{@code quarry.close-timeout}</td>
 *       <td>a duration, or {@code 0} to cancel the calls in flight at once on {@code close()}</td></tr>
 *   <tr><td>{@code QUARRY_LOG_LEVEL}</td><td>{@code quarry.log-level}</td>
 *       <td>{@code none}, {@code basic} or {@code bodies}, in any case</td></tr>
 *   <tr><td>{@code QUARRY_REQUEST_COMPRESSION}</td><td>{@code quarry.request-compression}</td>
 *       <td>{@code none} (the default) or {@code gzip}, in any case ({@link RequestCompression})</td></tr>
 *   <tr><td>{@code QUARRY_ATTEMPT_TIMEOUT}</td><td>{@code quarry.attempt-timeout}</td>
 *       <td>a duration of at least 1 ms: the limit on one try on one host ({@link ClientConfig#attemptTimeout()})
 *       </td></tr>
 *   <tr><td>{@code QUARRY_CALL_DEADLINE}</td><td>{@code quarry.call-deadline}</td>
 *       <td>a duration of at least 1 ms: the limit on a whole call ({@link ClientConfig#callDeadline()})</td></tr>
 *   <tr><td>{@code QUARRY_HOST_DOWN_TTL}</td><td>{@code quarry.host-down-ttl}</td>
 *       <td>a duration: how long a failed host stays marked down ({@link ClientConfig.Builder#hostDownTtl})</td></tr>
 *   <tr><td>{@code QUARRY_MAX_RATE_LIMIT_WAIT}</td><td>{@code quarry.max-rate-limit-wait}</td>
 *       <td>a duration: the longest wait for a rate limit's reset before one more try (off when unset;
 *       {@link ClientConfig.Builder#maxRateLimitWait})</td></tr>
 *   <tr><td>{@code QUARRY_MAX_RESPONSE_BYTES}</td><td>{@code quarry.max-response-bytes}</td>
 *       <td>a size: a number of bytes, or a number with {@code B}, {@code KB}, {@code MB}, {@code GB} or
 *       {@code TB} (upper case, multiples of 1024: {@code 200MB}), as Spring Boot reads a data size</td></tr>
 *   <tr><td>{@code QUARRY_RETRY_ROUNDS_MODE}</td><td>{@code quarry.retry-rounds.mode}</td>
 *       <td>{@code off} ({@link RetryRounds#of()}: one round) or {@code for-outages}
 *       ({@link RetryRounds#forOutages()}), in any case</td></tr>
 *   <tr><td>{@code QUARRY_RETRY_ROUNDS_MAX_ROUNDS}</td><td>{@code quarry.retry-rounds.max-rounds}</td>
 *       <td>a whole number, at least 1 ({@link RetryRounds#maxRounds(int)})</td></tr>
 *   <tr><td>{@code QUARRY_RETRY_ROUNDS_BUDGET}</td><td>{@code quarry.retry-rounds.budget}</td>
 *       <td>a duration, zero or more ({@link RetryRounds#budget(Duration)})</td></tr>
 *   <tr><td>{@code QUARRY_RETRY_ROUNDS_FIRST_WAIT}</td><td>{@code quarry.retry-rounds.first-wait}</td>
 *       <td>a duration: the wait after the first round ({@link RetryRounds#waits(Duration, Duration)})</td></tr>
 *   <tr><td>{@code QUARRY_RETRY_ROUNDS_MAX_WAIT}</td><td>{@code quarry.retry-rounds.max-wait}</td>
 *       <td>a duration: the longest wait between rounds, at least the first</td></tr>
 *   <tr><td>{@code QUARRY_USER_AGENT_SEGMENT}</td><td>{@code quarry.user-agent-segment}</td>
 *       <td>a segment appended to the User-Agent, such as {@code my-shop (2.1)}: printable ASCII without
 *       {@code ;}, at most 256 characters ({@link ClientConfig.Builder#addUserAgentSegment})</td></tr>
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
 * <p>Retry rounds: the {@code QUARRY_RETRY_ROUNDS_*} variables build one {@link RetryRounds} policy. The mode is
 * the policy they start from; the others change its values. Without a mode, setting any of the others starts from
 * {@code for-outages} (the only mode with rounds to adjust); {@code off} with any of them is refused, as it would
 * leave them without effect. A wait left unset keeps the mode's (250 ms first, 8 s at most).
 *
 * <p>Default headers are not read from the environment: no one-variable form carries any header's name and value
 * (values may hold commas, semicolons and equals signs), so they are set in code
 * ({@code config().toBuilder().defaultHeader(name, value)}), or with the Spring Boot starter's
 * {@code quarry.default-headers} map. A proxy needs no variable: the JVM's proxy system properties
 * ({@code https.proxyHost}, {@code https.proxyPort}, {@code http.nonProxyHosts}, ...) apply to every client that was
 * given no {@link ClientConfig.Builder#proxy proxy} and no {@link ClientConfig.Builder#httpClient HTTP client}.
 *
 * <p>Every problem is a {@link ConfigurationException} naming the variable and its system property, never the
 * value: a missing or blank required variable, a duration, size, number, level, mode, boolean, User-Agent segment or
 * host URL that does not parse or that the configuration's builder refuses, a plain {@code http} host that is not
 * loopback without {@code QUARRY_ALLOW_INSECURE_HTTP}.
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
        /** How request bodies are compressed: {@code none} or {@code gzip}. */
        REQUEST_COMPRESSION("QUARRY_REQUEST_COMPRESSION", "quarry.request-compression"),
        /** The limit on one try on one host. */
        ATTEMPT_TIMEOUT("QUARRY_ATTEMPT_TIMEOUT", "quarry.attempt-timeout"),
        /** The limit on a whole call, every try and wait included. */
        CALL_DEADLINE("QUARRY_CALL_DEADLINE", "quarry.call-deadline"),
        /** How long a host that failed stays marked down. */
        HOST_DOWN_TTL("QUARRY_HOST_DOWN_TTL", "quarry.host-down-ttl"),
        /** The longest wait for a rate limit's reset. */
        MAX_RATE_LIMIT_WAIT("QUARRY_MAX_RATE_LIMIT_WAIT", "quarry.max-rate-limit-wait"),
        /** The largest response body read, in bytes or with a unit. */
        MAX_RESPONSE_BYTES("QUARRY_MAX_RESPONSE_BYTES", "quarry.max-response-bytes"),
        /** The retry-rounds policy the other retry-rounds variables adjust: {@code off} or {@code for-outages}. */
        RETRY_ROUNDS_MODE("QUARRY_RETRY_ROUNDS_MODE", "quarry.retry-rounds.mode"),
        /** How many rounds a call tries at most, the first included. */
        RETRY_ROUNDS_MAX_ROUNDS("QUARRY_RETRY_ROUNDS_MAX_ROUNDS", "quarry.retry-rounds.max-rounds"),
        /** How long after a call's start a new round may still start. */
        RETRY_ROUNDS_BUDGET("QUARRY_RETRY_ROUNDS_BUDGET", "quarry.retry-rounds.budget"),
        /** The wait after the first round. */
        RETRY_ROUNDS_FIRST_WAIT("QUARRY_RETRY_ROUNDS_FIRST_WAIT", "quarry.retry-rounds.first-wait"),
        /** The longest wait between two rounds. */
        RETRY_ROUNDS_MAX_WAIT("QUARRY_RETRY_ROUNDS_MAX_WAIT", "quarry.retry-rounds.max-wait"),
        /** A segment appended to the User-Agent. */
        USER_AGENT_SEGMENT("QUARRY_USER_AGENT_SEGMENT", "quarry.user-agent-segment"),
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

    /** Spring Boot's simple durations: a number and an optional unit in any case, milliseconds without one. */
    private static final Pattern SIMPLE_DURATION =
            Pattern.compile("(\\d{1,18})(ns|us|ms|s|m|h|d)?", Pattern.CASE_INSENSITIVE);

    private static final Duration ONE_MILLISECOND = Duration.ofMillis(1);

    /** Spring Boot's data sizes: a number, optional spaces, an optional upper-case unit of 1024 multiples. */
    private static final Pattern DATA_SIZE = Pattern.compile("(\\d{1,19})\\s*(B|KB|MB|GB|TB)?");

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
        value(Variable.REQUEST_COMPRESSION).ifPresent(text -> builder.requestCompression(compression(text)));
        value(Variable.ATTEMPT_TIMEOUT)
                .ifPresent(text -> builder.attemptTimeout(limit(Variable.ATTEMPT_TIMEOUT, text)));
        value(Variable.CALL_DEADLINE).ifPresent(text -> builder.callDeadline(limit(Variable.CALL_DEADLINE, text)));
        value(Variable.HOST_DOWN_TTL).ifPresent(text -> builder.hostDownTtl(duration(Variable.HOST_DOWN_TTL, text)));
        value(Variable.MAX_RATE_LIMIT_WAIT)
                .ifPresent(text -> builder.maxRateLimitWait(duration(Variable.MAX_RATE_LIMIT_WAIT, text)));
        value(Variable.MAX_RESPONSE_BYTES).ifPresent(text -> builder.maxResponseBytes(bytes(text)));
        retryRounds().ifPresent(builder::retryRounds);
        value(Variable.USER_AGENT_SEGMENT).ifPresent(text -> builder.addUserAgentSegment(segment(text)));
        return builder;
    }

    /** The policy the retry-rounds variables give, if any is set (see the class's description). */
    private Optional<RetryRounds> retryRounds() {
        Optional<Integer> maxRounds =
                value(Variable.RETRY_ROUNDS_MAX_ROUNDS).map(text -> rounds(Variable.RETRY_ROUNDS_MAX_ROUNDS, text));
        Optional<Duration> budget =
                value(Variable.RETRY_ROUNDS_BUDGET).map(text -> durationOrZero(Variable.RETRY_ROUNDS_BUDGET, text));
        Optional<Duration> firstWait =
                value(Variable.RETRY_ROUNDS_FIRST_WAIT).map(text -> duration(Variable.RETRY_ROUNDS_FIRST_WAIT, text));
        Optional<Duration> maxWait =
                value(Variable.RETRY_ROUNDS_MAX_WAIT).map(text -> duration(Variable.RETRY_ROUNDS_MAX_WAIT, text));
        boolean adjusted = maxRounds.isPresent() || budget.isPresent() || firstWait.isPresent() || maxWait.isPresent();
        Optional<String> mode = value(Variable.RETRY_ROUNDS_MODE);
        if (mode.isEmpty() && !adjusted) {
            return Optional.empty();
        }
        boolean forOutages = mode.map(EnvironmentConfig::forOutages).orElse(true);
        if (!forOutages) {
            if (adjusted) {
                throw new ConfigurationException(Variable.RETRY_ROUNDS_MODE
                        + " is off, which tries each host once: unset the other QUARRY_RETRY_ROUNDS_* variables, or"
                        + " set it to for-outages");
            }
            return Optional.of(RetryRounds.of());
        }
        RetryRounds rounds = RetryRounds.forOutages();
        // RetryRounds checks each value; these are checked above except first <= max, named here.
        if (maxRounds.isPresent()) {
            rounds = rounds.maxRounds(maxRounds.get());
        }
        if (budget.isPresent()) {
            rounds = rounds.budget(budget.get());
        }
        Duration first = firstWait.orElse(rounds.firstWait());
        Duration max = maxWait.orElse(rounds.maxWait());
        if (first.compareTo(max) > 0) {
            throw new ConfigurationException(Variable.RETRY_ROUNDS_FIRST_WAIT + " (250ms unless set) must not be longer"
                    + " than " + Variable.RETRY_ROUNDS_MAX_WAIT + " (8s unless set)");
        }
        return Optional.of(rounds.waits(first, max));
    }

    /** Read as Spring Boot reads an enum: any case, with or without {@code -} or {@code _}. */
    private static boolean forOutages(String mode) {
        String letters = mode.replace("-", "").replace("_", "");
        if (letters.equalsIgnoreCase("off")) {
            return false;
        }
        if (letters.equalsIgnoreCase("foroutages")) {
            return true;
        }
        throw new ConfigurationException(Variable.RETRY_ROUNDS_MODE + " is not a mode: use off or for-outages");
    }

    private static int rounds(Variable variable, String text) {
        int rounds;
        try {
            rounds = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new ConfigurationException(variable + " is not a whole number");
        }
        if (rounds < 1) {
            throw new ConfigurationException(variable + " must be at least 1 (1 means no further round)");
        }
        return rounds;
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

    /** A limit the builder counts in milliseconds: below one, every call would fail, so it is refused. */
    private static Duration limit(Variable variable, String text) {
        Duration parsed = duration(variable, text);
        if (parsed.compareTo(ONE_MILLISECOND) < 0) {
            throw new ConfigurationException(variable + " must be at least 1ms, or every call would fail");
        }
        return parsed;
    }

    /** A duration of zero or more, such as the close timeout, whose zero means "do not wait". */
    private static Duration durationOrZero(Variable variable, String text) {
        Matcher simple = SIMPLE_DURATION.matcher(text);
        if (simple.matches()) {
            long amount = Long.parseLong(simple.group(1));
            String unit = simple.group(2) == null ? "ms" : simple.group(2).toLowerCase(Locale.ROOT);
            try {
                return switch (unit) {
                    case "ns" -> Duration.ofNanos(amount);
                    case "us" -> Duration.ofNanos(amount).multipliedBy(1000);
                    case "s" -> Duration.ofSeconds(amount);
                    case "m" -> Duration.ofMinutes(amount);
                    case "h" -> Duration.ofHours(amount);
                    case "d" -> Duration.ofDays(amount);
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
                    variable + " is not a duration: use 500ms, 2s, 1m, 1h, 1d, ISO-8601 such as PT2S, or milliseconds");
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

    private static RequestCompression compression(String text) {
        for (RequestCompression compression : RequestCompression.values()) {
            if (compression.name().equalsIgnoreCase(text)) {
                return compression;
            }
        }
        throw new ConfigurationException(Variable.REQUEST_COMPRESSION + " is not a compression: use none or gzip");
    }

    /** A size as Spring Boot's {@code DataSize} reads it, so the variable means the same with Spring or without. */
    private static long bytes(String text) {
        Variable variable = Variable.MAX_RESPONSE_BYTES;
        Matcher size = DATA_SIZE.matcher(text);
        if (!size.matches()) {
            throw new ConfigurationException(
                    variable + " is not a size: use a number of bytes, or a number with B, KB, MB, GB or TB");
        }
        int shift = switch (size.group(2) == null ? "B" : size.group(2)) {
            case "KB" -> 10;
            case "MB" -> 20;
            case "GB" -> 30;
            case "TB" -> 40;
            default -> 0;
        };
        long amount;
        try {
            amount = Long.parseLong(size.group(1));
        } catch (NumberFormatException tooLarge) {
            throw new ConfigurationException(variable + " is larger than a size can be");
        }
        if (amount < 1) {
            throw new ConfigurationException(variable + " must be at least 1 byte");
        }
        if (amount > (Long.MAX_VALUE >> shift)) {
            throw new ConfigurationException(variable + " is larger than a size can be");
        }
        return amount << shift;
    }

    /** The builder's rule, checked here so that the message names the variable and not the value. */
    private static String segment(String text) {
        if (text.contains(";") || text.chars().anyMatch(c -> c < ' ' || c >= 127)) {
            throw new ConfigurationException(
                    Variable.USER_AGENT_SEGMENT + " must be printable ASCII without ';', such as my-shop (2.1)");
        }
        if (text.length() > ClientConfig.MAX_USER_AGENT_SEGMENT_LENGTH) {
            throw new ConfigurationException(Variable.USER_AGENT_SEGMENT + " must be at most "
                    + ClientConfig.MAX_USER_AGENT_SEGMENT_LENGTH + " characters, such as my-shop (2.1)");
        }
        return text;
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
