package io.quarry.spring;

import io.quarry.core.LogLevel;
import io.quarry.core.RequestCompression;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The {@code quarry.*} properties the auto-configured clients are built from. Spring Boot also binds each property
 * from its environment variable ({@code quarry.api-key} from {@code QUARRY_API_KEY}), the names
 * {@link io.quarry.core.EnvironmentConfig} reads without Spring.
 *
 * <p>A client's own group ({@code quarry.search.*}, {@code quarry.monitoring.*}, ...) wins over the shared settings
 * for that client. The monitoring, usage and crawler clients take only their own credentials. The application ID,
 * the API keys, the hosts and the crawler user ID are the default {@link QuarryConnectionDetails}: an application's
 * own bean of that type (or a test's) replaces them, and the other properties still apply.
 */
@ConfigurationProperties("quarry")
public class QuarryProperties {

    /** Creates the properties with every default; Spring binds {@code quarry.*} onto them. */
    public QuarryProperties() {}

    /** The application ID; every client but the crawler's needs it. */
    private String applicationId;

    /**
     * The API key of the search, analytics, insights, personalization, answers and query-suggestions clients, unless
     * a client's group has its own. Never logged.
     */
    private String apiKey;

    /**
     * Host URLs (such as https://proxy.example.com) replacing the default hosts of every client, unless a client's
     * group has its own; the crawler API's hosts carry its path (/api/1). Empty: each client's default hosts.
     */
    private List<String> hosts = new ArrayList<>();

    /**
     * Whether the hosts of every client may be plain http to a host that is not a loopback address, such as a mock
     * server reached by its Docker Compose service name (http://search-mock:8080). Off: such a host stops the start,
     * as the API key would cross the network in the clear; plain http to localhost is allowed either way.
     */
    private boolean allowInsecureHttp;

    /**
     * The region where the application's analytics data is stored ("us" or "eu"), whose hosts the analytics,
     * personalization and query-suggestions clients call. Unset: the analytics client calls its host without a region
     * (an alias of the United States host); the personalization and query-suggestions clients, whose service has hosts
     * in each region only, stop the start with a failure report naming this property, unless their configuration
     * names hosts of its own (a {@code quarry.*hosts} property, the connection details of a test's mock server, a
     * container or the application), which replace the region's. No region is guessed: an application whose data is
     * in Europe would be refused by the United States hosts.
     */
    private String region;

    /** Connect timeout of every client; unset: 2 seconds. */
    private Duration connectTimeout;

    /** Response timeout of read calls; unset: 5 seconds. */
    private Duration readTimeout;

    /** Response timeout of write calls; unset: 30 seconds. */
    private Duration writeTimeout;

    /**
     * How long closing a client (with the application context) waits for its calls in flight to end before
     * cancelling them, so that an event sent and forgotten is delivered; 0 cancels them at once. Unset: 5 seconds.
     */
    private Duration closeTimeout;

    /** What the clients log (none, basic or bodies); unset: basic. */
    private LogLevel logLevel;

    /** How request bodies are compressed (none or gzip); unset: none. */
    private RequestCompression requestCompression;

    /**
     * The limit on one try on one host, from connecting to the last byte of the answer; a host exceeding it is marked
     * down and the call moves on. At least 1ms; unset: the try's connect timeout plus three times its read (or
     * write) timeout.
     */
    private Duration attemptTimeout;

    /** The limit on a whole call, every host tried and any rate-limit wait included. At least 1ms; unset: 2 minutes. */
    private Duration callDeadline;

    /** How long a host that failed stays marked down before it is tried again. Positive; unset: 5 minutes. */
    private Duration hostDownTtl;

    /**
     * The longest wait for a rate limit's reset: a 429 answer whose reset comes within it is waited out and tried
     * once more, instead of failing at once. Positive; unset: no wait.
     */
    private Duration maxRateLimitWait;

    /**
     * The largest response body read, after decompression (such as 200MB); a larger answer fails the call instead of
     * filling the memory. At least 1 byte; unset: 100MB.
     */
    private DataSize maxResponseBytes;

    /**
     * Headers sent with every request of every client, by name: quarry.default-headers.X-Team=search (in brackets,
     * quarry.default-headers[X_Team]=search, for a name with characters other than letters, digits and '-'). An
     * environment variable cannot name a header (Spring Boot reads its '_' as '.'): give the map in a configuration
     * file or SPRING_APPLICATION_JSON. A header the clients set themselves (Host, Accept, User-Agent, Content-*,
     * Connection, Transfer-Encoding, Expect, the API key's) stops the start.
     */
    private Map<String, String> defaultHeaders = new LinkedHashMap<>();

    /**
     * A segment appended to the clients' User-Agent, such as "my-shop (2.1)": printable ASCII without ';', at most 256
     * characters.
     */
    private String userAgentSegment;

    private final Rounds retryRounds = new Rounds();

    private final Product search = new Product();
    private final Product analytics = new Product();
    private final Product insights = new Product();
    private final Product personalization = new Product();
    private final Product answers = new Product();
    private final Product querySuggestions = new Product();
    private final Product monitoring = new Product();
    private final Product usage = new Product();
    private final Crawler crawler = new Crawler();
    private final Health health = new Health();
    private final Observation observation = new Observation();
    private final RecordMapper recordMapper = new RecordMapper();

    /** {@return the application ID} */
    public String getApplicationId() {
        return applicationId;
    }

    /**
     * Sets the application ID.
     *
     * @param applicationId the application ID; null unsets it
     */
    public void setApplicationId(String applicationId) {
        this.applicationId = applicationId;
    }

    /** {@return the shared API key} */
    public String getApiKey() {
        return apiKey;
    }

    /**
     * Sets the shared API key.
     *
     * @param apiKey the shared API key; null unsets it
     */
    public void setApiKey(String apiKey) {
        this.apiKey = apiKey;
    }

    /** {@return the shared host URLs} */
    public List<String> getHosts() {
        return hosts;
    }

    /**
     * Sets the shared host URLs.
     *
     * @param hosts the shared host URLs; null, as empty, for each client's default hosts
     */
    public void setHosts(List<String> hosts) {
        this.hosts = hosts == null ? new ArrayList<>() : hosts;
    }

    /** {@return whether the hosts may be plain http to a host that is not a loopback address} */
    public boolean isAllowInsecureHttp() {
        return allowInsecureHttp;
    }

    /**
     * Sets whether the hosts may be plain http to a host that is not a loopback address.
     *
     * @param allowInsecureHttp whether the hosts may be plain http to a host that is not a loopback address
     */
    public void setAllowInsecureHttp(boolean allowInsecureHttp) {
        this.allowInsecureHttp = allowInsecureHttp;
    }

    /** {@return the region code} */
    public String getRegion() {
        return region;
    }

    /**
     * Sets the region code.
     *
     * @param region the region code; null unsets it
     */
    public void setRegion(String region) {
        this.region = region;
    }

    /** {@return the connect timeout, or null for the default} */
    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    /**
     * Sets the connect timeout.
     *
     * @param connectTimeout the connect timeout; null for the default
     */
    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    /** {@return the read timeout, or null for the default} */
    public Duration getReadTimeout() {
        return readTimeout;
    }

    /**
     * Sets the read timeout.
     *
     * @param readTimeout the read timeout; null for the default
     */
    public void setReadTimeout(Duration readTimeout) {
        this.readTimeout = readTimeout;
    }

    /** {@return the write timeout, or null for the default} */
    public Duration getWriteTimeout() {
        return writeTimeout;
    }

    /**
     * Sets the write timeout.
     *
     * @param writeTimeout the write timeout; null for the default
     */
    public void setWriteTimeout(Duration writeTimeout) {
        this.writeTimeout = writeTimeout;
    }

    /** {@return the close timeout, or null for the default} */
    public Duration getCloseTimeout() {
        return closeTimeout;
    }

    /**
     * Sets the close timeout.
     *
     * @param closeTimeout the close timeout; null for the default
     */
    public void setCloseTimeout(Duration closeTimeout) {
        this.closeTimeout = closeTimeout;
    }

    /** {@return the log level, or null for the default} */
    public LogLevel getLogLevel() {
        return logLevel;
    }

    /**
     * Sets the log level.
     *
     * @param logLevel the log level; null for the default
     */
    public void setLogLevel(LogLevel logLevel) {
        this.logLevel = logLevel;
    }

    /** {@return how request bodies are compressed, or null for the default (none)} */
    public RequestCompression getRequestCompression() {
        return requestCompression;
    }

    /**
     * Sets how request bodies are compressed.
     *
     * @param requestCompression how request bodies are compressed; null for the default (none)
     */
    public void setRequestCompression(RequestCompression requestCompression) {
        this.requestCompression = requestCompression;
    }

    /** {@return the limit on one try on one host, or null for the default} */
    public Duration getAttemptTimeout() {
        return attemptTimeout;
    }

    /**
     * Sets the limit on one try on one host.
     *
     * @param attemptTimeout the limit on one try; null for the default
     */
    public void setAttemptTimeout(Duration attemptTimeout) {
        this.attemptTimeout = attemptTimeout;
    }

    /** {@return the limit on a whole call, or null for the default} */
    public Duration getCallDeadline() {
        return callDeadline;
    }

    /**
     * Sets the limit on a whole call.
     *
     * @param callDeadline the limit on a whole call; null for the default
     */
    public void setCallDeadline(Duration callDeadline) {
        this.callDeadline = callDeadline;
    }

    /** {@return how long a failed host stays marked down, or null for the default} */
    public Duration getHostDownTtl() {
        return hostDownTtl;
    }

    /**
     * Sets how long a failed host stays marked down.
     *
     * @param hostDownTtl how long a failed host stays marked down; null for the default
     */
    public void setHostDownTtl(Duration hostDownTtl) {
        this.hostDownTtl = hostDownTtl;
    }

    /** {@return the longest wait for a rate limit's reset, or null for no wait} */
    public Duration getMaxRateLimitWait() {
        return maxRateLimitWait;
    }

    /**
     * Sets the longest wait for a rate limit's reset.
     *
     * @param maxRateLimitWait the longest wait for a rate limit's reset; null for no wait
     */
    public void setMaxRateLimitWait(Duration maxRateLimitWait) {
        this.maxRateLimitWait = maxRateLimitWait;
    }

    /** {@return the largest response body read, or null for the default} */
    public DataSize getMaxResponseBytes() {
        return maxResponseBytes;
    }

    /**
     * Sets the largest response body read.
     *
     * @param maxResponseBytes the largest response body read; null for the default
     */
    public void setMaxResponseBytes(DataSize maxResponseBytes) {
        this.maxResponseBytes = maxResponseBytes;
    }

    /** {@return the headers sent with every request, by name} */
    public Map<String, String> getDefaultHeaders() {
        return defaultHeaders;
    }

    /**
     * Sets the headers sent with every request.
     *
     * @param defaultHeaders the headers by name; null, as empty, for none
     */
    public void setDefaultHeaders(Map<String, String> defaultHeaders) {
        this.defaultHeaders = defaultHeaders == null ? new LinkedHashMap<>() : defaultHeaders;
    }

    /** {@return the segment appended to the User-Agent, or null for none} */
    public String getUserAgentSegment() {
        return userAgentSegment;
    }

    /**
     * Sets the segment appended to the User-Agent.
     *
     * @param userAgentSegment the segment; null or blank for none
     */
    public void setUserAgentSegment(String userAgentSegment) {
        this.userAgentSegment = userAgentSegment;
    }

    /** {@return whether, and for how long, a call goes on once every host has failed it} */
    public Rounds getRetryRounds() {
        return retryRounds;
    }

    /** {@return the search client's own settings} */
    public Product getSearch() {
        return search;
    }

    /** {@return the analytics client's own settings} */
    public Product getAnalytics() {
        return analytics;
    }

    /** {@return the insights client's own settings} */
    public Product getInsights() {
        return insights;
    }

    /** {@return the personalization client's own settings} */
    public Product getPersonalization() {
        return personalization;
    }

    /** {@return the answers client's own settings} */
    public Product getAnswers() {
        return answers;
    }

    /** {@return the query-suggestions client's own settings} */
    public Product getQuerySuggestions() {
        return querySuggestions;
    }

    /** {@return the monitoring client's settings; its API key is the monitoring key, required} */
    public Product getMonitoring() {
        return monitoring;
    }

    /** {@return the usage client's settings; its API key is the usage key, required} */
    public Product getUsage() {
        return usage;
    }

    /** {@return the crawler client's settings} */
    public Crawler getCrawler() {
        return crawler;
    }

    /** {@return the health indicators' settings} */
    public Health getHealth() {
        return health;
    }

    /** {@return the Micrometer observation settings} */
    public Observation getObservation() {
        return observation;
    }

    /** {@return how the clients write and read the application's records} */
    public RecordMapper getRecordMapper() {
        return recordMapper;
    }

    /** One client's own settings, in place of the shared ones. */
    public static class Product {

        /** Creates a product's settings, empty: the shared settings apply. */
        public Product() {}

        /** This client's API key, in place of quarry.api-key (required for monitoring and usage). Never logged. */
        private String apiKey;

        /** This client's host URLs, in place of quarry.hosts. */
        private List<String> hosts = new ArrayList<>();

        /** {@return the client's API key, or null for the shared one} */
        public String getApiKey() {
            return apiKey;
        }

        /**
         * Sets the client's API key.
         *
         * @param apiKey the client's API key; null for the shared one
         */
        public void setApiKey(String apiKey) {
            this.apiKey = apiKey;
        }

        /** {@return the client's host URLs; empty for the shared ones} */
        public List<String> getHosts() {
            return hosts;
        }

        /**
         * Sets the client's host URLs.
         *
         * @param hosts the client's host URLs; null, as empty, for the shared ones
         */
        public void setHosts(List<String> hosts) {
            this.hosts = hosts == null ? new ArrayList<>() : hosts;
        }
    }

    /**
     * Whether, and for how long, a call safe to repeat goes on once every host has failed it: the retry-rounds policy
     * of every client ({@link io.quarry.core.RetryRounds}). The mode is the policy to start from; the other settings
     * change its values. Without a mode, setting any of the others starts from for-outages; off with any of them
     * stops the start, as they would do nothing. Nothing set: the clients' default, one round.
     */
    public static class Rounds {

        /** Creates the retry-rounds settings, empty: the clients' default applies. */
        public Rounds() {}

        /**
         * The policy to start from: off (one round, every host tried once, then the call fails) or for-outages (up
         * to 20 rounds within 60s of the call's start, waiting 250ms after the first, doubling up to 8s).
         */
        private Mode mode;

        /** How many rounds a call tries at most, the first included; at least 1. */
        private Integer maxRounds;

        /** How long after a call's start a new round may still start; zero or more. */
        private Duration budget;

        /** The wait after the first round, doubling each round up to max-wait; positive, 250ms unless set. */
        private Duration firstWait;

        /** The longest wait between two rounds; at least first-wait, 8s unless set. */
        private Duration maxWait;

        /** {@return the policy to start from, or null when unset} */
        public Mode getMode() {
            return mode;
        }

        /**
         * Sets the policy to start from.
         *
         * @param mode the policy to start from; null unsets it
         */
        public void setMode(Mode mode) {
            this.mode = mode;
        }

        /** {@return how many rounds a call tries at most, or null for the mode's} */
        public Integer getMaxRounds() {
            return maxRounds;
        }

        /**
         * Sets how many rounds a call tries at most.
         *
         * @param maxRounds how many rounds at most, the first included; null for the mode's
         */
        public void setMaxRounds(Integer maxRounds) {
            this.maxRounds = maxRounds;
        }

        /** {@return how long after a call's start a round may start, or null for the mode's} */
        public Duration getBudget() {
            return budget;
        }

        /**
         * Sets how long after a call's start a new round may still start.
         *
         * @param budget the budget; null for the mode's
         */
        public void setBudget(Duration budget) {
            this.budget = budget;
        }

        /** {@return the wait after the first round, or null for the mode's} */
        public Duration getFirstWait() {
            return firstWait;
        }

        /**
         * Sets the wait after the first round.
         *
         * @param firstWait the wait after the first round; null for the mode's
         */
        public void setFirstWait(Duration firstWait) {
            this.firstWait = firstWait;
        }

        /** {@return the longest wait between two rounds, or null for the mode's} */
        public Duration getMaxWait() {
            return maxWait;
        }

        /**
         * Sets the longest wait between two rounds.
         *
         * @param maxWait the longest wait; null for the mode's
         */
        public void setMaxWait(Duration maxWait) {
            this.maxWait = maxWait;
        }

        /** The retry-rounds policy the other settings start from, one per factory of {@link io.quarry.core.RetryRounds}. */
        public enum Mode {
            /** {@link io.quarry.core.RetryRounds#of()}: one round; the call fails once each host failed it. */
            OFF,
            /** {@link io.quarry.core.RetryRounds#forOutages()}: rounds that ride out an outage of every host. */
            FOR_OUTAGES
        }
    }

    /** The crawler client's settings: it authenticates with a crawler user ID and the crawler API key. */
    public static class Crawler extends Product {

        /** Creates the crawler's settings, empty: the shared settings apply. */
        public Crawler() {}

        /** The crawler user ID, required with the crawler API key (quarry.crawler.api-key). */
        private String userId;

        /** {@return the crawler user ID} */
        public String getUserId() {
            return userId;
        }

        /**
         * Sets the crawler user ID.
         *
         * @param userId the crawler user ID; null unsets it
         */
        public void setUserId(String userId) {
            this.userId = userId;
        }
    }

    /** The opt-in health indicators, one per client that has a cheap read. */
    public static class Health {

        /** Creates the health settings with their defaults. */
        public Health() {}

        /**
         * The limit on the health checks of one health request, together: they run at once, each call limited to it
         * every try included, so the request waits at most this long however many checks are on (a health group's
         * request runs only the checks it includes). Positive (set empty: the default).
         */
        private Duration timeout = Duration.ofSeconds(2);

        private final Check search = new Check();
        private final Check personalization = new Check();
        private final Check querySuggestions = new Check();
        private final Check monitoring = new Check();
        private final Check crawler = new Check();

        /** {@return the limit on the checks of one health request, which run at once} */
        public Duration getTimeout() {
            return timeout;
        }

        /**
         * Sets the limit on the checks of one health request, which run at once.
         *
         * @param timeout the limit on the checks of one health request; null for the default (as when the property is
         *     set empty)
         */
        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }

        /** {@return the search check: lists the indices (needs the listIndexes right)} */
        public Check getSearch() {
            return search;
        }

        /** {@return the personalization check: reads the strategy} */
        public Check getPersonalization() {
            return personalization;
        }

        /** {@return the query-suggestions check: lists the configurations} */
        public Check getQuerySuggestions() {
            return querySuggestions;
        }

        /**
         * {@return the monitoring check: lists the application's servers, which needs the monitoring key (the public
         * status page would answer a wrong key too)}
         */
        public Check getMonitoring() {
            return monitoring;
        }

        /** {@return the crawler check: lists the crawlers (one page)} */
        public Check getCrawler() {
            return crawler;
        }
    }

    /** One health check, off by default. */
    public static class Check {

        /** Creates a check's settings with their defaults. */
        public Check() {}

        /** Whether the health endpoint calls this client. */
        private boolean enabled;

        /** {@return whether the check is on} */
        public boolean isEnabled() {
            return enabled;
        }

        /**
         * Sets whether the check is on.
         *
         * @param enabled whether the check is on
         */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** Reporting the clients' calls to the application's Micrometer observation registry. */
    public static class Observation {

        /** Creates the observation settings with their defaults. */
        public Observation() {}

        /**
         * Whether every client's calls become observations (a timer and a span each) when observation-micrometer is
         * on the class path and the application has an observation registry.
         */
        private boolean enabled = true;

        /** {@return whether the calls are observed} */
        public boolean isEnabled() {
            return enabled;
        }

        /**
         * Sets whether the calls are observed.
         *
         * @param enabled whether the calls are observed
         */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** How the clients write and read the application's own record classes. */
    public static class RecordMapper {

        /** Creates the record-mapper settings with their defaults. */
        public RecordMapper() {}

        /**
         * Whether the application's records are written and read with its Jackson customizations: every
         * JsonMapperBuilderCustomizer bean of Spring Boot 4 (Spring Boot's own among them, which applies the
         * spring.jackson.* properties), on the SDK's record settings. Spring Boot 4 only: on Spring Boot 3.5 it does
         * nothing, as that line's customizers are for Jackson 2, which the clients do not use.
         */
        private boolean useJacksonCustomizers;

        /** {@return whether the application's Jackson customizations apply to its records} */
        public boolean isUseJacksonCustomizers() {
            return useJacksonCustomizers;
        }

        /**
         * Sets whether the application's Jackson customizations apply to its records.
         *
         * @param useJacksonCustomizers whether the application's Jackson customizations apply to its records
         */
        public void setUseJacksonCustomizers(boolean useJacksonCustomizers) {
            this.useJacksonCustomizers = useJacksonCustomizers;
        }
    }
}
