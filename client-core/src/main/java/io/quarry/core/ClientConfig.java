package io.quarry.core;

import io.quarry.core.internal.base.RecordSettings;
import io.quarry.core.spi.CallObserver;
import java.net.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import javax.net.ssl.X509TrustManager;
import okhttp3.OkHttpClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Immutable configuration of a client: credentials, hosts, timeouts, headers, compression, proxy, logging,
 * and the clock and random source the retry logic uses.
 *
 * <pre>{@code
 * ClientConfig config = ClientConfig.builder("MY_APP_ID", "MY_API_KEY")
 *         .readTimeout(Duration.ofSeconds(3))
 *         .addUserAgentSegment("my-shop (2.1)")
 *         .build();
 * }</pre>
 * Defaults: the module's default hosts, connect timeout 2 s, read-call response timeout 5 s, write-call
 * response timeout 30 s, no request compression, no proxy, {@link LogLevel#BASIC} (no bodies unless asked for), a host marked down
 * stays down 5 minutes, a 429 answer is not waited on.
 *
 * <p>A configuration is not a value: {@code equals} is identity. It holds objects that have no equality of their
 * own or that are resources (an HTTP client with its connections, a trust manager, an observer, a record mapper, a
 * clock), and two clients built from configurations that look alike still differ by those. To compare what was
 * set, compare the accessors you care about ({@link #hosts()}, {@link #readTimeout()}, ...).
 */
public final class ClientConfig {

    /** Default connect timeout. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** Default response timeout of READ calls. */
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(5);
    /** Default response timeout of WRITE calls. */
    public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(30);
    /** Default limit on the whole of a call, every try and wait included. */
    public static final Duration DEFAULT_CALL_DEADLINE = Duration.ofMinutes(2);
    /** Default largest response body read: 100 MiB. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 100L * 1024 * 1024;
    /** Default time a host stays marked down after a failure. */
    public static final Duration DEFAULT_HOST_DOWN_TTL = Duration.ofMinutes(5);
    /** Default time {@code close()} gives the calls in flight to end before cancelling them. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(5);

    /** The longest User-Agent segment: a product's name and version, with room to spare. */
    static final int MAX_USER_AGENT_SEGMENT_LENGTH = 256;

    private final Credentials credentials;
    private final List<Host> hosts;
    private final ServiceDomains domains;
    private final Timeouts timeouts;
    private final Duration hostDownTtl;
    private final Map<String, String> defaultHeaders;
    private final List<String> userAgentSegments;
    private final RequestCompression requestCompression;
    private final Proxy proxy;
    private final LogLevel logLevel;
    private final OkHttpClient httpClient;
    private final Clock clock;
    private final Random shuffle;
    private final Duration maxRateLimitWait;
    private final boolean insecureHttpAllowed;
    private final X509TrustManager trustManager;
    private final long maxResponseBytes;
    private final CallObserver callObserver;
    private final JsonMapper recordMapper;
    private final RetryRounds retryRounds;
    private final Duration closeTimeout;

    private ClientConfig(Builder b) {
        this.credentials = b.credentials;
        this.hosts = List.copyOf(b.hosts);
        this.domains = b.domains;
        this.timeouts = b.timeouts();
        this.hostDownTtl = b.hostDownTtl;
        this.defaultHeaders = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.defaultHeaders));
        this.userAgentSegments = List.copyOf(b.userAgentSegments);
        this.requestCompression = b.requestCompression;
        this.proxy = b.proxy;
        this.logLevel = b.logLevel;
        this.httpClient = b.httpClient;
        this.clock = b.clock;
        this.shuffle = b.shuffle;
        this.maxRateLimitWait = b.maxRateLimitWait;
        this.insecureHttpAllowed = b.insecureHttpAllowed;
        this.trustManager = b.trustManager;
        this.maxResponseBytes = b.maxResponseBytes;
        this.callObserver = b.callObserver;
        this.recordMapper = b.recordMapper;
        this.retryRounds = b.retryRounds;
        this.closeTimeout = b.closeTimeout;
    }

    /**
     * A builder with application ID and API key credentials.
     *
     * @param applicationId the application ID, not blank
     * @param apiKey        the API key, not blank
     * @return a new builder
     * @throws ConfigurationException if either is blank
     */
    public static Builder builder(String applicationId, String apiKey) {
        return new Builder(Credentials.apiKey(applicationId, apiKey));
    }

    /**
     * A builder with any credentials (basic auth, custom headers, ...).
     *
     * @param credentials the credentials
     * @return a new builder
     */
    public static Builder builder(Credentials credentials) {
        return new Builder(Objects.requireNonNull(credentials, "credentials"));
    }

    /**
     * A builder starting from this configuration.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder(credentials);
        b.hosts.addAll(hosts);
        b.domains = domains;
        b.timeouts(timeouts);
        b.hostDownTtl = hostDownTtl;
        b.defaultHeaders.putAll(defaultHeaders);
        b.userAgentSegments.addAll(userAgentSegments);
        b.requestCompression = requestCompression;
        b.proxy = proxy;
        b.logLevel = logLevel;
        b.httpClient = httpClient;
        b.clock = clock;
        b.shuffle = shuffle;
        b.maxRateLimitWait = maxRateLimitWait;
        b.insecureHttpAllowed = insecureHttpAllowed;
        b.trustManager = trustManager;
        b.maxResponseBytes = maxResponseBytes;
        b.callObserver = callObserver;
        b.recordMapper = recordMapper;
        b.retryRounds = retryRounds;
        b.closeTimeout = closeTimeout;
        return b;
    }

    /**
     * The hosts a client of the given module uses: the custom hosts if any were configured, else the module's
     * default rule applied to the application ID, the domains and the shuffle.
     *
     * @param defaults the module's default rule
     * @return the hosts in try order
     * @throws ConfigurationException if the rule yields no usable host
     */
    public List<Host> resolveHosts(DefaultHosts defaults) {
        Objects.requireNonNull(defaults, "defaults");
        if (!hosts.isEmpty()) {
            return hosts;
        }
        List<Host> resolved = defaults.hosts(credentials.applicationId(), domains, shuffle);
        if (resolved == null || resolved.isEmpty()) {
            throw new ConfigurationException("the module's default host rule gave no host");
        }
        for (Host host : resolved) {
            checkScheme(host);
        }
        return List.copyOf(resolved);
    }

    /** {@return the credentials} */
    public Credentials credentials() {
        return credentials;
    }

    /** {@return the custom hosts; empty means the module's defaults} */
    public List<Host> hosts() {
        return hosts;
    }

    /** {@return the domains the default hosts are built on} */
    public ServiceDomains domains() {
        return domains;
    }

    /** {@return the connect timeout} */
    public Duration connectTimeout() {
        return timeouts.connect();
    }

    /** {@return the response timeout of READ calls (first try; it grows on a host that timed out, up to 4x)} */
    public Duration readTimeout() {
        return timeouts.read();
    }

    /** {@return the response timeout of WRITE calls (first try; it grows on a host that timed out, up to 4x)} */
    public Duration writeTimeout() {
        return timeouts.write();
    }

    /** {@return how long a failed host stays marked down, and a timed-out host stays behind the healthy ones} */
    public Duration hostDownTtl() {
        return hostDownTtl;
    }

    /** {@return headers added to every request} */
    public Map<String, String> defaultHeaders() {
        return defaultHeaders;
    }

    /** {@return extra User-Agent segments, appended after the SDK's own} */
    public List<String> userAgentSegments() {
        return userAgentSegments;
    }

    /** {@return how request bodies are compressed} */
    public RequestCompression requestCompression() {
        return requestCompression;
    }

    /** {@return the proxy, if one was set} */
    public Optional<Proxy> proxy() {
        return Optional.ofNullable(proxy);
    }

    /** {@return what the client logs} */
    public LogLevel logLevel() {
        return logLevel;
    }

    /** {@return the caller's OkHttp client to share pools with, if one was given} */
    public Optional<OkHttpClient> httpClient() {
        return Optional.ofNullable(httpClient);
    }

    /** {@return the clock used for host states and rate-limit waits} */
    public Clock clock() {
        return clock;
    }

    /** {@return the random source used to shuffle fallback hosts} */
    public Random shuffle() {
        return shuffle;
    }

    /** {@return the longest wait before retrying a 429 answer once; empty when 429 is not waited on} */
    public Optional<Duration> maxRateLimitWait() {
        return Optional.ofNullable(maxRateLimitWait);
    }

    /** {@return whether plain http to non-loopback hosts was allowed} */
    public boolean insecureHttpAllowed() {
        return insecureHttpAllowed;
    }

    /** {@return the trust manager deciding which server certificates are trusted, if not the JDK's default} */
    public Optional<X509TrustManager> trustManager() {
        return Optional.ofNullable(trustManager);
    }

    /**
     * The limit on one try on one host, from opening the connection to reading the last byte of the answer; a
     * host that exceeds it (such as one trickling bytes just fast enough to beat the read timeout) is marked down
     * and the call moves on. Empty means the default: the try's connect timeout plus three times its read (or
     * write) timeout, 17 s for a read and 92 s for a write with the default timeouts.
     *
     * @return the limit per try, if set
     */
    public Optional<Duration> attemptTimeout() {
        return Optional.ofNullable(timeouts.attempt());
    }

    /**
     * The limit on a whole call, across every host tried and any rate-limit wait; default
     * {@link #DEFAULT_CALL_DEADLINE}. When it passes, the call fails with an {@link UnreachableHostsException}
     * listing the tries made.
     *
     * @return the deadline of a call
     */
    public Duration callDeadline() {
        return timeouts.callDeadline();
    }

    /**
     * The largest response body read, after decompression; default {@link #DEFAULT_MAX_RESPONSE_BYTES} (100 MiB).
     * A larger answer fails with a {@link DeserializationException} saying so, instead of filling the memory.
     *
     * @return the limit in bytes
     */
    public long maxResponseBytes() {
        return maxResponseBytes;
    }

    /**
     * The observer told of every call and try (metrics, traces); empty when none was registered, and then calls
     * do no observation work.
     *
     * @return the observer, if one was registered
     */
    public Optional<CallObserver> callObserver() {
        return Optional.ofNullable(callObserver);
    }

    /**
     * The mapper the clients write and read the caller's record types with (see
     * {@link Builder#recordMapper(JsonMapper)}); empty when the SDK's own mapping is used.
     *
     * @return the record mapper, if one was set
     */
    public Optional<JsonMapper> recordMapper() {
        return Optional.ofNullable(recordMapper);
    }

    /**
     * Whether a call goes on once every host has failed it, and for how long: default {@link RetryRounds#of()},
     * one round. Applies to every call safe to repeat whose options set no policy of their own; the chunked write
     * helpers and the ingester of the search client have their own default ({@link RetryRounds#forOutages()}).
     *
     * @return the policy
     */
    public RetryRounds retryRounds() {
        return retryRounds;
    }

    /**
     * How long a client's {@code close()} waits for the calls already made to end before it cancels those left;
     * default {@link #DEFAULT_CLOSE_TIMEOUT} (see {@link Builder#closeTimeout(Duration)}). Zero cancels them at once.
     *
     * @return the longest wait of {@code close()} for calls in flight
     */
    public Duration closeTimeout() {
        return closeTimeout;
    }

    /** Shows the settings; secret credential values are masked. */
    @Override
    public String toString() {
        return "ClientConfig{credentials=" + credentials + ", hosts=" + hosts + ", domains=" + domains
                + timeouts.describe() + ", requestCompression=" + requestCompression + ", proxy=" + proxy
                + ", logLevel=" + logLevel + ", userAgentSegments=" + userAgentSegments
                + (trustManager == null ? "" : ", trustManager=custom")
                + (recordMapper == null ? "" : ", recordMapper=custom")
                + (retryRounds.retries() ? ", retryRounds=" + retryRounds : "") + "}";
    }

    private void checkScheme(Host host) {
        if (needsInsecureHttp(host) && !insecureHttpAllowed) {
            throw new ConfigurationException("refusing plain http to " + host
                    + ": use https, or call allowInsecureHttp() if this really is intended");
        }
    }

    /** Whether calling this host needs the opt-in: plain http leaving the machine; also read by the environment. */
    static boolean needsInsecureHttp(Host host) {
        return host.scheme().equals("http") && !host.isLoopback();
    }

    /** Builder of {@link ClientConfig}; not thread-safe. */
    public static final class Builder extends TimeoutSettings<Builder> {
        private final Credentials credentials;
        private final List<Host> hosts = new ArrayList<>();
        private ServiceDomains domains = ServiceDomains.of();
        private Duration hostDownTtl = DEFAULT_HOST_DOWN_TTL;
        private final Map<String, String> defaultHeaders = new LinkedHashMap<>();
        private final List<String> userAgentSegments = new ArrayList<>();
        private RequestCompression requestCompression = RequestCompression.NONE;
        private Proxy proxy;
        private LogLevel logLevel = LogLevel.BASIC;
        private OkHttpClient httpClient;
        private Clock clock = Clock.systemUTC();
        private Random shuffle = new Random();
        private Duration maxRateLimitWait;
        private boolean insecureHttpAllowed;
        private X509TrustManager trustManager;
        private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
        private CallObserver callObserver;
        private JsonMapper recordMapper;
        private RetryRounds retryRounds = RetryRounds.of();
        private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;

        private Builder(Credentials credentials) {
            super(new Timeouts(
                    DEFAULT_CONNECT_TIMEOUT, DEFAULT_READ_TIMEOUT, DEFAULT_WRITE_TIMEOUT, null, DEFAULT_CALL_DEADLINE));
            this.credentials = credentials;
        }

        @Override
        Builder self() {
            return this;
        }

        @Override
        RuntimeException rejected(String message) {
            return new ConfigurationException(message);
        }

        /**
         * Replaces the module's default hosts with these, tried in the given order (no shuffle).
         *
         * @param hosts the hosts, at least one
         * @return this builder
         */
        public Builder hosts(Host... hosts) {
            return hosts(List.of(Objects.requireNonNull(hosts, "hosts")));
        }

        /**
         * Replaces the module's default hosts with these, tried in the given order (no shuffle).
         *
         * @param hosts the hosts, at least one
         * @return this builder
         */
        public Builder hosts(List<Host> hosts) {
            if (Objects.requireNonNull(hosts, "hosts").isEmpty()) {
                throw new ConfigurationException("give at least one host, or none to use the defaults");
            }
            this.hosts.clear();
            this.hosts.addAll(hosts);
            return this;
        }

        /**
         * Sets the domains the default hosts are built on.
         *
         * @param domains the domains
         * @return this builder
         */
        public Builder domains(ServiceDomains domains) {
            this.domains = Objects.requireNonNull(domains, "domains");
            return this;
        }

        /**
         * Sets how long a host that failed stays marked down before it is tried again, and how long a host that
         * timed out is tried after the healthy hosts, with its grown timeout, before it gets its place back.
         *
         * @param ttl a positive duration
         * @return this builder
         */
        public Builder hostDownTtl(Duration ttl) {
            this.hostDownTtl = positive(Objects.requireNonNull(ttl, "ttl"), "host down TTL");
            return this;
        }

        /**
         * Adds a header sent with every request. Refused: a name the client sets itself ({@code Accept},
         * {@code User-Agent}, which {@link #addUserAgentSegment} extends), one of the body's ({@code Content-*}), one
         * that frames the message or the connection ({@code Host}, {@code Transfer-Encoding}, {@code Connection},
         * {@code Expect}, ...), and one the credentials send (the API key's, or {@code Authorization} with basic
         * credentials): sent over the client's own, each would fail or misroute every call.
         *
         * @param name  header name
         * @param value header value
         * @return this builder
         * @throws ConfigurationException for a name that is not an HTTP token or is one of the above, or a value with
         *     a control or non-ASCII character; the message never shows the value
         */
        public Builder defaultHeader(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (!DefaultHeaderNames.isToken(name)) {
                // not shown: a line break in it would forge a line of the log the message goes to
                throw new ConfigurationException(
                        "invalid header name: a header name is printable ASCII without" + " spaces, ':' or separators");
            }
            if (DefaultHeaderNames.ownedByTheClient(name)
                    || credentials.headers().keySet().stream().anyMatch(name::equalsIgnoreCase)) {
                throw new ConfigurationException("header " + name + " is set by the client itself (its credentials,"
                        + " body, connection or User-Agent) and cannot be a default header");
            }
            if (value.chars().anyMatch(c -> (c < 0x20 && c != '\t') || c > 0x7E)) {
                throw new ConfigurationException(
                        "value of header " + name + " contains a control or non-ASCII character");
            }
            defaultHeaders.put(name, value);
            return this;
        }

        /**
         * Appends a segment to the User-Agent, such as {@code my-shop (2.1)}.
         *
         * @param segment the segment: printable ASCII without {@code ;}, at most 256
         *     characters (servers and proxies refuse a header line much longer than the User-Agent then is)
         * @return this builder
         * @throws ConfigurationException if the segment is blank, too long or holds a character it may not; the
         *     message does not show it
         */
        public Builder addUserAgentSegment(String segment) {
            Objects.requireNonNull(segment, "segment");
            if (segment.isBlank() || segment.contains(";") || segment.chars().anyMatch(c -> c < ' ' || c >= 127)) {
                throw new ConfigurationException("a User-Agent segment must be printable ASCII without ';'");
            }
            if (segment.trim().length() > MAX_USER_AGENT_SEGMENT_LENGTH) {
                throw new ConfigurationException(
                        "a User-Agent segment must be at most " + MAX_USER_AGENT_SEGMENT_LENGTH + " characters");
            }
            userAgentSegments.add(segment.trim());
            return this;
        }

        /**
         * Sets how request bodies are compressed; {@link RequestCompression#NONE} by default.
         *
         * @param compression {@link RequestCompression#GZIP} to send {@code Content-Encoding: gzip} bodies
         * @return this builder
         */
        public Builder requestCompression(RequestCompression compression) {
            this.requestCompression = Objects.requireNonNull(compression, "compression");
            return this;
        }

        /**
         * Sends requests through a proxy.
         *
         * @param proxy the proxy
         * @return this builder
         */
        public Builder proxy(Proxy proxy) {
            this.proxy = Objects.requireNonNull(proxy, "proxy");
            return this;
        }

        /**
         * Sets what the client logs.
         *
         * @param level the level
         * @return this builder
         */
        public Builder logLevel(LogLevel level) {
            this.logLevel = Objects.requireNonNull(level, "level");
            return this;
        }

        /**
         * Shares the connection pool, interceptors and settings of the caller's OkHttp client. The client derives
         * its own from it with {@code newBuilder()} and never closes or shuts it down. Asynchronous calls run on
         * the client's own threads (at most 128 requests at once, the rest queued), not on the shared client's
         * dispatcher, so its concurrency limits do not apply to them. Its connection pool is used as it is: without
         * this setting a client keeps up to 128 idle connections, where OkHttp's default pool keeps 5, so size a
         * shared pool to the calls run at once, or connections are closed and opened again between calls. Quarry
         * never closes the pool's idle connections: a request that met one the server had closed while idle is sent
         * again on a connection opened for it alone, not on another of the pool's.
         *
         * @param client the caller's client
         * @return this builder
         */
        public Builder httpClient(OkHttpClient client) {
            this.httpClient = Objects.requireNonNull(client, "client");
            return this;
        }

        /**
         * Sets the clock used for host states and rate-limit waits (tests inject a controllable one).
         *
         * @param clock the clock
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Sets the random source used to shuffle the fallback hosts (tests inject a seeded one).
         *
         * @param random the random source
         * @return this builder
         */
        public Builder shuffle(Random random) {
            this.shuffle = Objects.requireNonNull(random, "random");
            return this;
        }

        /**
         * Sets {@code maxRateLimitWait}, the longest wait for a rate limit's reset: on a 429 answer that names its
         * reset time, waits until the reset (if within {@code maxWait}) and retries once, instead of throwing
         * {@link RateLimitException} at once. The reset is the one its {@code X-RateLimit-Reset} header names or,
         * without rate-limit headers (a proxy's or gateway's 429), the time its {@code Retry-After} header asks for,
         * in seconds or as a date. Off by default; {@link ClientConfig#maxRateLimitWait()} reads it back.
         *
         * @param maxWait the longest wait accepted
         * @return this builder
         */
        public Builder maxRateLimitWait(Duration maxWait) {
            this.maxRateLimitWait = positive(Objects.requireNonNull(maxWait, "maxWait"), "maximum rate-limit wait");
            return this;
        }

        /**
         * Sets the policy of the calls, safe to repeat, whose options set none: whether they wait and try the hosts
         * again once every host has failed them (see {@link RetryRounds}). Default {@link RetryRounds#of()}: a
         * call fails once each host failed it; the chunked write helpers and the ingester keep their own default
         * unless their options say otherwise.
         *
         * @param rounds the policy
         * @return this builder
         */
        public Builder retryRounds(RetryRounds rounds) {
            this.retryRounds = Objects.requireNonNull(rounds, "rounds");
            return this;
        }

        /**
         * Sets how long {@code close()} waits for the calls already made to end before it cancels those left. Closing
         * a client first refuses new calls, then lets the calls in flight (queued, connecting, sent, or waiting to try
         * again) end as they would have: an asynchronous call whose future nobody reads, such as an event sent and
         * forgotten, is delivered. Those still running once this time has passed are cancelled and fail with a
         * {@link ClientClosedException}. A helper's wait ({@code waitFor...}) is not waited out: between two checks it
         * ends at once.
         *
         * <p>The default, {@link #DEFAULT_CLOSE_TIMEOUT} (5 seconds), is many times what a call takes on a healthy
         * service, time enough for one that moves to another host after a connect timeout (2 seconds), and the
         * response timeout of a read: a dead host holds an application's shutdown no longer than that, well within
         * the 30 seconds containers and Spring Boot's graceful shutdown usually give it. {@link Duration#ZERO}
         * cancels the calls in flight at once, without waiting.
         *
         * @param timeout zero or a positive duration
         * @return this builder
         */
        public Builder closeTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative()) {
                throw new ConfigurationException("close timeout must not be negative, got "
                        + timeout.toString().toLowerCase(Locale.ROOT));
            }
            this.closeTimeout = timeout;
            return this;
        }

        /**
         * Allows plain {@code http} to hosts that are not loopback. Off by default: such hosts are refused.
         *
         * @return this builder
         */
        public Builder allowInsecureHttp() {
            this.insecureHttpAllowed = true;
            return this;
        }

        /**
         * Trusts the server certificates this trust manager accepts instead of the JDK's default authorities: for
         * a server with a private or self-signed certificate, such as the mock server over HTTPS
         * ({@code .trustManager(server.trustMaterial().trustManager())}). Applies on top of a client given to
         * {@link #httpClient}.
         *
         * @param trustManager the trust manager
         * @return this builder
         */
        public Builder trustManager(X509TrustManager trustManager) {
            this.trustManager = Objects.requireNonNull(trustManager, "trustManager");
            return this;
        }

        /**
         * Sets the largest response body read, after decompression (default 100 MiB).
         *
         * @param bytes at least 1
         * @return this builder
         */
        public Builder maxResponseBytes(long bytes) {
            if (bytes < 1) {
                throw new ConfigurationException("maximum response size must be at least 1 byte, got " + bytes);
            }
            this.maxResponseBytes = bytes;
            return this;
        }

        /**
         * Registers the observer told of every call and try: the Micrometer or OpenTelemetry integration, or one's
         * own. None by default.
         *
         * @param observer the observer
         * @return this builder
         */
        public Builder callObserver(CallObserver observer) {
            this.callObserver = Objects.requireNonNull(observer, "observer");
            return this;
        }

        /**
         * Writes and reads the types of your records with your own Jackson mapper: its naming strategy, its
         * modules (Kotlin, Guava, a serializer of yours), its annotations' mix-ins. By default (no record mapper)
         * the SDK's own mapping is used for everything.
         *
         * <p>What it covers: every value of a class of yours, wherever it sits in a request or a response: the
         * records you write ({@code saveObject}, {@code saveObjects}, {@code addObject}, partial updates, batch
         * operations), the types you ask hits, browse pages, answers and fetched objects to be decoded into, and
         * values of yours inside the SDK's requests (the data of an event, a rule's user data). What it does not
         * cover: Quarry's own types (requests, responses, {@link FreeFormRecord}, {@code AttributeOperation}, ...),
         * which keep the SDK's fixed mapping even inside your records; the JDK's types (strings, numbers,
         * {@code java.time}, maps and lists themselves: a record given as a {@code Map} is written by the SDK, its
         * values of your classes by your mapper); conversions that belong to no client, such as
         * {@link FreeFormRecord#as(Class)} and {@link FreeFormRecord#from(Object)}.
         *
         * <p>The mapper is used as given, with two adjustments: a property called {@code objectID} keeps that name
         * whatever the naming strategy (the service knows a record by it; a name you give with
         * {@code @JsonProperty} stays yours), and root-value wrapping is off. Your settings apply in full
         * otherwise: a mapper that writes null members writes them into your records, one that fails on unknown
         * properties fails on attributes your class does not declare (not on the members the engine adds to a hit,
         * such as {@code _highlightResult}, which are taken out first). Your mapper writes into the SDK's own
         * generator and reads from its parser, so settings of the JSON text itself (escaping, pretty printing,
         * parser features) are the SDK's.
         *
         * <p>Cost: a client without a record mapper runs exactly as before. With one, each value of yours is
         * written or read with a fresh context of your mapper (one small object per record) besides its own work.
         *
         * @param mapper your mapper
         * @return this builder
         */
        public Builder recordMapper(JsonMapper mapper) {
            this.recordMapper = Objects.requireNonNull(mapper, "mapper");
            return this;
        }

        /**
         * Writes and reads the types of your records with a mapper built from the SDK's record settings (unknown
         * properties ignored, unknown enum values tolerated, null members left out, {@code java.time} values as
         * ISO-8601 text) changed by your customizer: for example
         * {@code .recordMapper(mapper -> mapper.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE))}.
         * What it covers is described at {@link #recordMapper(JsonMapper)}.
         *
         * @param customizer changes the builder (naming strategy, modules, features, mix-ins)
         * @return this builder
         */
        public Builder recordMapper(Consumer<JsonMapper.Builder> customizer) {
            Objects.requireNonNull(customizer, "customizer");
            JsonMapper.Builder builder = RecordSettings.applyTo(JsonMapper.builder());
            customizer.accept(builder);
            this.recordMapper = builder.build();
            return this;
        }

        /**
         * Builds the immutable configuration.
         *
         * @return the configuration
         * @throws ConfigurationException if a custom host uses plain http without the opt-in
         */
        public ClientConfig build() {
            ClientConfig config = new ClientConfig(this);
            for (Host host : config.hosts) {
                config.checkScheme(host);
            }
            return config;
        }
    }
}
