package io.quarry.mockserver;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.engine.SearchEngine.UnknownParameters;
import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.internal.auth.Authenticator;
import io.quarry.mockserver.internal.auth.ChosenKey;
import io.quarry.mockserver.internal.auth.KeyLength;
import io.quarry.mockserver.internal.auth.ProductCredentials;
import io.quarry.mockserver.internal.http.AnswerObserver;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.BodyLimits;
import io.quarry.mockserver.internal.http.HttpFront;
import io.quarry.mockserver.internal.http.Workers;
import io.quarry.mockserver.internal.http.faults.FaultScript;
import io.quarry.mockserver.internal.http.hosts.HostState;
import io.quarry.mockserver.internal.http.hosts.ServedHosts;
import io.quarry.mockserver.internal.http.wire.ConnectionLimit;
import io.quarry.mockserver.internal.http.wire.ConnectionThreads;
import io.quarry.mockserver.internal.http.wire.Listener;
import io.quarry.mockserver.internal.http.wire.WireDeadlines;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.ConsoleProduct;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.Products;
import io.quarry.mockserver.internal.products.SearchHooks;
import io.quarry.mockserver.internal.products.ServiceContext;
import io.quarry.mockserver.internal.products.search.LogRecorder;
import io.quarry.mockserver.internal.startup.ClassPathCheck;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.SeedDocument;
import io.quarry.mockserver.internal.state.SeedFiles;
import io.quarry.mockserver.internal.state.StateControl;
import io.quarry.mockserver.internal.tls.SelfSignedCertificate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A running mock server, started in-process:
 *
 * <pre>{@code
 * try (MockServer server = MockServer.builder().start()) {
 *     String url = server.url();            // e.g. http://127.0.0.1:53123
 *     String appId = server.applicationId();
 *     String key = server.adminKey();
 * }
 * }</pre>
 *
 * <p>One port serves every API family and the control endpoints under {@code /_mock/} (reset, seed, state,
 * version, faults), which take the admin key alone. Requests are served over HTTP/1.1 within bounded limits
 * (body sizes, open connections, a bounded queue, idle connections closed); {@link #faults()} scripts failures. With
 * {@link Builder#hosts(int)} the server listens on several ports, its {@link #hosts()}, all serving the same
 * application, each with faults of its own. Thread-safe.
 */
public final class MockServer implements AutoCloseable {

    /** The application ID used when none is given. */
    public static final String DEFAULT_APPLICATION_ID = "QUARRYMOCK";
    /** The admin API key used when none is given: a fixed, public value for tests, never a secret. */
    public static final String DEFAULT_ADMIN_KEY = "mock-admin-key";
    /** The monitoring API key used when none is given: a fixed, public value for tests. */
    public static final String DEFAULT_MONITORING_KEY = "mock-monitoring-key";
    /**
     * The seed of the monitoring probes' measurements when none is given: servers with the same seed and clock
     * report the same latency, indexing time and reachability series.
     */
    public static final long DEFAULT_MONITORING_SEED = ServiceContext.DEFAULT_MONITORING_SEED;
    /** The usage API key used when none is given: a fixed, public value for tests. */
    public static final String DEFAULT_USAGE_KEY = "mock-usage-key";
    /** The crawler user ID used when none is given. */
    public static final String DEFAULT_CRAWLER_USER_ID = "mock-crawler-user";
    /** The crawler API key used when none is given: a fixed, public value for tests. */
    public static final String DEFAULT_CRAWLER_API_KEY = "mock-crawler-key";
    /** How many requests are handled at once when not set, on JDK 21 and newer. */
    public static final int DEFAULT_THREADS_VIRTUAL = 256;
    /** How many requests are handled at once when not set, on JDK 17 to 20. */
    public static final int DEFAULT_THREADS_PLATFORM = 16;
    /** How many requests may wait for a turn when not set; past it, requests are answered 503. */
    public static final int DEFAULT_QUEUE_SIZE = 20_000;
    /** How often a stop that answers the requests under way closes the connections become idle meanwhile. */
    private static final long DRAIN_CHECK_MILLIS = 20;
    /** How many hosts (ports) the server listens on when not set. */
    public static final int DEFAULT_HOSTS = 1;
    /** The most hosts (ports) one server listens on. */
    public static final int MAX_HOSTS = 10;

    private final List<Listener> listeners;
    private final ConnectionThreads connections;
    private final Workers workers;
    private final ScheduledExecutorService timer;
    private final FaultScript faultScript;
    private final Faults faults;
    private final ServedHosts servedHosts;
    private final List<MockHost> hosts;
    private final StateControl state;
    private final Application application;
    private final String url;
    private final String applicationId;
    private final String adminKey;
    private final ProductCredentials productCredentials;
    private final TrustMaterial trustMaterial;
    private final String version;
    private final AtomicBoolean closed = new AtomicBoolean();

    private MockServer(Builder builder) throws IOException {
        this.applicationId = builder.applicationId;
        this.adminKey = builder.adminKey;
        this.productCredentials = new ProductCredentials(
                builder.monitoringKey, builder.usageKey, builder.crawlerUserId, builder.crawlerApiKey);
        this.version = readVersion();
        this.faultScript = new FaultScript(builder.clock);
        this.faults = new Faults(faultScript);
        InetAddress bound = InetAddress.getByName(builder.bindAddress);
        List<InetSocketAddress> addresses = new ArrayList<>();
        addresses.add(new InetSocketAddress(bound, builder.port));
        if (builder.port != 0 && builder.port + builder.hosts - 1 > 65535) {
            throw new IllegalArgumentException(
                    "hosts " + builder.hosts + " from port " + builder.port + " run past port 65535");
        }
        for (int i = 1; i < builder.hosts; i++) {
            // a fixed port fixes the others too, so that a container's ports can be published ahead of its start
            addresses.add(new InetSocketAddress(bound, builder.port == 0 ? 0 : builder.port + i));
        }
        this.workers = new Workers(builder.threads, builder.queueSize);
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "quarry-mock-server-timer");
            thread.setDaemon(true);
            return thread;
        });
        this.servedHosts = new ServedHosts(builder.clock, timer);
        this.connections = new ConnectionThreads(ConnectionLimit.sizedToMemory());
        this.listeners = new ArrayList<>();
        SelfSignedCertificate certificate;
        try {
            Built built = build(builder);
            this.state = built.state();
            this.application = built.application();
            certificate = builder.https
                    ? SelfSignedCertificate.mint(builder.certificateNames, CertifiedAddresses.of(bound))
                    : null;
            listen(addresses, certificate, built.front(), builder.wireDeadlines);
        } catch (IOException | RuntimeException | Error e) {
            stopAfterFailedStart();
            throw e;
        }
        this.trustMaterial = certificate == null ? null : new TrustMaterial(certificate.certificate());
        String host = bound.isAnyLocalAddress() ? "127.0.0.1" : bound.getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        String scheme = builder.https ? "https" : "http";
        List<MockHost> served = new ArrayList<>();
        for (HostState hostState : servedHosts.all()) {
            served.add(new MockHost(hostState, scheme + "://" + host + ":" + hostState.port()));
        }
        this.hosts = List.copyOf(served);
        this.url = hosts.get(0).url();
    }

    /** Listens on each address, one host each, all served by the front. */
    private void listen(
            List<InetSocketAddress> addresses,
            SelfSignedCertificate certificate,
            HttpFront front,
            WireDeadlines deadlines)
            throws IOException {
        for (InetSocketAddress address : addresses) {
            listeners.add(new Listener(
                    address,
                    certificate == null ? null : certificate.serverContext(),
                    front,
                    connections,
                    timer,
                    deadlines));
        }
        servedHosts.bind(listeners);
        for (Listener listener : listeners) {
            listener.open();
        }
    }

    /** The application, its state's control, and the front serving it. */
    private record Built(Application application, StateControl state, HttpFront front) {}

    /** Builds the application (state, seeds, products, routes) and the front that serves it. */
    private Built build(Builder builder) {
        List<SeedDocument> seeds = new ArrayList<>();
        builder.seedDocuments.forEach(document -> seeds.add(new SeedDocument(null, document)));
        builder.seedPaths.forEach(path -> seeds.addAll(SeedFiles.read(path)));
        Application app =
                new Application(builder.clock, builder.taskDelay, builder.clusters, builder.recordBudgetBytes);
        StateControl control;
        try {
            control = new StateControl(app, seeds);
        } catch (ApiException e) {
            throw new IllegalArgumentException("invalid seed: " + e.getMessage(), e);
        }
        SearchEngine engine = new SearchEngine(
                builder.strict ? UnknownParameters.REFUSED : UnknownParameters.IGNORED,
                builder.clock,
                app.dictionaries()::effective);
        SearchHooks searchHooks = new SearchHooks();
        builder.searchRewriters.forEach(searchHooks::add);
        List<Product> products = Products.all(new ServiceContext(
                app,
                engine,
                control,
                version,
                builder.strict,
                searchHooks,
                faultScript,
                builder.crawlerAllowedHosts,
                builder.monitoringSeed,
                servedHosts,
                builder.suggestionsBuildWait.toMillis()));
        ConsoleProduct console = null;
        if (builder.consoleOn) {
            console = new ConsoleProduct(app, adminKey, applicationId, version, builder.hosts, Clock.systemUTC());
            products = new ArrayList<>(products);
            products.add(console);
        }
        products.forEach(product -> control.onReset(product::reset));
        control.onReset(faultScript::clear);
        control.onReset(servedHosts::reset);
        HttpFront front = new HttpFront(
                Products.routesOf(products).router(),
                new Authenticator(
                        applicationId, adminKey, productCredentials, app.keys(), app.mappings(), builder.clock),
                version,
                builder.strict,
                Products.listenerOf(products, new LogRecorder(app, adminKey)),
                workers,
                builder.bodyLimits,
                faultScript,
                servedHosts,
                timer,
                console == null ? AnswerObserver.NONE : console.journal(),
                control.gate());
        return new Built(app, control, front);
    }

    /** Stops what a failed start had started: the listeners that listen, the timer and the workers. */
    private void stopAfterFailedStart() {
        connections.close();
        listeners.forEach(Listener::close);
        timer.shutdownNow();
        workers.close();
    }

    static String readVersion() {
        try (InputStream in = MockServer.class.getResourceAsStream("version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A builder with the defaults: a free port on 127.0.0.1, HTTP, the default credentials.
     *
     * @return the builder
     * @throws IllegalStateException when a library the server runs on is older than it needs (such as a
     *     {@code jackson-annotations} pinned by a framework's dependency management): the message names the
     *     artifact, the version found, the version needed and the fix
     */
    public static Builder builder() {
        ClassPathCheck.requireCompatible();
        return new Builder();
    }

    /**
     * {@return the base URL, e.g. {@code http://127.0.0.1:53123}, without a trailing slash: the first host's, when
     *     the server has several}
     */
    public String url() {
        return url;
    }

    /** {@return the base URL as a URI} */
    public URI uri() {
        return URI.create(url);
    }

    /** {@return the host part of the URL, e.g. {@code 127.0.0.1}} */
    public String host() {
        return uri().getHost();
    }

    /** {@return the port listened on: the first host's, when the server has several} */
    public int port() {
        return hosts.get(0).port();
    }

    /**
     * {@return the hosts the server listens on, in order, at least one: each a port of its own serving the same
     *     application, the first that of {@link #url()} (see {@link Builder#hosts(int)})}
     */
    public List<MockHost> hosts() {
        return hosts;
    }

    /** {@return whether the server speaks HTTPS} */
    public boolean isHttps() {
        return trustMaterial != null;
    }

    /** {@return the application ID callers must send} */
    public String applicationId() {
        return applicationId;
    }

    /** {@return the monitoring API key (also accepted: the admin key)} */
    public String monitoringKey() {
        return productCredentials.monitoringKey();
    }

    /** {@return the usage API key (also accepted: the admin key)} */
    public String usageKey() {
        return productCredentials.usageKey();
    }

    /** {@return the crawler user ID, for HTTP basic authentication on the crawler endpoints} */
    public String crawlerUserId() {
        return productCredentials.crawlerUserId();
    }

    /** {@return the crawler API key, for HTTP basic authentication on the crawler endpoints} */
    public String crawlerApiKey() {
        return productCredentials.crawlerApiKey();
    }

    /** {@return the admin API key} */
    public String adminKey() {
        return adminKey;
    }

    /**
     * {@return what a client needs to trust this server's certificate}
     *
     * @throws IllegalStateException when the server speaks plain HTTP
     */
    public TrustMaterial trustMaterial() {
        if (trustMaterial == null) {
            throw new IllegalStateException("this mock server speaks HTTP; build it with https()");
        }
        return trustMaterial;
    }

    /** {@return the mock server's version, also sent in the {@code X-Mock-Server-Version} response header} */
    public String version() {
        return version;
    }

    /**
     * {@return the scripted faults of this server: make matching requests fail (statuses, delays, closed
     *     connections, broken bodies) to test a client's error handling; cleared by {@link #reset()}}
     */
    public Faults faults() {
        return faults;
    }

    /** {@return the application the server serves: for this module's tests, which reach into its state} */
    /** The handlers and the queue requests wait in, as built: for the tests that hold the defaults' bounds. */
    Workers workers() {
        return workers;
    }

    Application application() {
        return application;
    }

    /**
     * Goes back to the state at start: every index removed, every scripted fault cleared (those of each host too:
     * a host refusing connections listens again, held requests are closed), each host's request count back to 0,
     * then the startup seed applied again.
     */
    public void reset() {
        state.reset();
    }

    /**
     * Applies a seed document; each index in it is replaced.
     *
     * @param json {@code {"indices": {"<name>": {"settings", "synonyms", "rules", "records"}}}}
     * @throws IllegalArgumentException when the document is malformed
     */
    public void seed(String json) {
        JsonNode document;
        try {
            document = Json.parse(json);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("the seed is not valid JSON", e);
        }
        try {
            state.seed(document);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** {@return the whole state as a seed document (JSON text)} */
    public String exportState() {
        return Json.pretty(state.export());
    }

    /**
     * Stops the server at once: in-flight requests are dropped, and every thread it started has ended (or been
     * told to, for a handler stuck past a second) when this returns. Closing twice does nothing more.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            stopQuietly();
        }
    }

    /**
     * Stops as a process asked to end does: takes no more connections (first, so that no request sent after the
     * stop began is answered as one under way, such as a client's retry of a held request), lets the requests that
     * have arrived on the connections taken be answered, for up to {@code grace} (a request held by a host's hold is
     * closed at once, as such a request never gets an answer), then closes as {@link #close()} does. Each connection
     * ends after its answer, so a client sends its next request elsewhere.
     *
     * @param grace how long the requests under way may take to be answered
     */
    void closeAfterAnswering(Duration grace) {
        if (closed.get()) {
            return;
        }
        listeners.forEach(Listener::drain);
        servedHosts.endHolds();
        long deadline = System.nanoTime() + grace.toNanos();
        for (long left = grace.toNanos(); left > 0 && connections.running() > 0; left = deadline - System.nanoTime()) {
            // a connection between two requests when the drain began is idle only now
            listeners.forEach(Listener::closeIdle);
            connections.awaitEnded(Math.min(DRAIN_CHECK_MILLIS, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))));
        }
        close();
    }

    private void stopQuietly() {
        // the timer first: its tick may open a host's port again, which must not happen once the server has stopped
        timer.shutdownNow();
        try {
            timer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connections.close();
        listeners.forEach(Listener::close);
        connections.awaitEnded(1_000);
        servedHosts.release();
        workers.close();
    }

    /**
     * Holds every delayed answer (a fault's delay) past its delay until the latch returned is counted down: the one
     * timer thread that writes them waits for it first (the hosts' ticks wait too). For tests that need an answer
     * still under way when something else happens, without waiting out a real delay; no user needs it.
     *
     * @return the latch that lets the held answers go
     */
    CountDownLatch holdDelayedAnswers() {
        CountDownLatch release = new CountDownLatch(1);
        timer.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                // the server stops
                Thread.currentThread().interrupt();
            }
        });
        return release;
    }

    /** {@return whether every thread of this server has ended (after {@link #close()})} */
    boolean threadsStopped() {
        return listeners.stream().noneMatch(Listener::isOpen)
                && connections.running() == 0
                && workers.terminated()
                && timer.isTerminated();
    }

    @Override
    public String toString() {
        return "MockServer[" + url + ", applicationId=" + applicationId + "]";
    }

    /** Configures and starts a {@link MockServer}. */
    public static final class Builder {

        private int port;
        private String bindAddress = "127.0.0.1";
        private String applicationId = DEFAULT_APPLICATION_ID;
        private String adminKey = DEFAULT_ADMIN_KEY;
        private String monitoringKey = DEFAULT_MONITORING_KEY;
        private String usageKey = DEFAULT_USAGE_KEY;
        private long monitoringSeed = DEFAULT_MONITORING_SEED;
        private String crawlerUserId = DEFAULT_CRAWLER_USER_ID;
        private String crawlerApiKey = DEFAULT_CRAWLER_API_KEY;
        private Set<String> crawlerAllowedHosts = Set.of();
        private boolean https;
        private Duration taskDelay = Duration.ZERO;
        private Clock clock = Clock.systemUTC();
        private boolean strict;
        private int threads = Workers.virtualThreadsAvailable() ? DEFAULT_THREADS_VIRTUAL : DEFAULT_THREADS_PLATFORM;
        private int queueSize = DEFAULT_QUEUE_SIZE;
        private int hosts = DEFAULT_HOSTS;
        /** Whether the console is on: a flag, so that a builder left at the default never loads {@link Console}. */
        private boolean consoleOn = true;

        private List<String> clusters = Application.DEFAULT_CLUSTERS;
        private final List<Path> seedPaths = new ArrayList<>();
        private final List<ObjectNode> seedDocuments = new ArrayList<>();
        private WireDeadlines wireDeadlines = WireDeadlines.defaults();
        private BodyLimits bodyLimits = BodyLimits.defaults();
        private long recordBudgetBytes =
                RecordBudget.forHeap(Runtime.getRuntime().maxMemory());
        private List<String> certificateNames = List.of();
        private Duration suggestionsBuildWait = Duration.ofMillis(ServiceContext.DEFAULT_SUGGESTIONS_BUILD_WAIT_MILLIS);
        private final List<SearchHooks.Rewriter> searchRewriters = new ArrayList<>();

        private Builder() {}

        /**
         * Adds a step every search takes on its handler's turn, before the engine runs it, for the tests that hold
         * searches while they are handled; not public: users' searches run as the service's do.
         *
         * @param rewriter the step, returning the request it was given
         * @return this builder
         */
        Builder searchStep(SearchHooks.Rewriter rewriter) {
            this.searchRewriters.add(Objects.requireNonNull(rewriter, "rewriter"));
            return this;
        }

        /**
         * Adds host names to the HTTPS certificate, for the command line: the machine's name in a container; not
         * public, as an embedded server's clients name it by its address.
         */
        Builder certificateNames(List<String> names) {
            this.certificateNames = List.copyOf(names);
            return this;
        }

        /**
         * Shortens the connections' deadlines, for the tests of slow clients; not public: users keep the defaults.
         *
         * @param deadlines how long each step of a connection may take
         * @return this builder
         */
        Builder wireDeadlines(WireDeadlines deadlines) {
            this.wireDeadlines = Objects.requireNonNull(deadlines, "deadlines");
            return this;
        }

        /**
         * Shortens how long a query-suggestions configuration's create or replace waits for its build, for the tests
         * whose build is held while the request must end; not public: users keep the 10 s wait.
         *
         * @param wait how long the request waits for its build before it answers
         * @return this builder
         */
        Builder suggestionsBuildWait(Duration wait) {
            this.suggestionsBuildWait = Objects.requireNonNull(wait, "wait");
            return this;
        }

        /**
         * Changes the body limits, for the tests of bodies over them (a small limit is crossed in a few kilobytes);
         * not public: users keep the service's limits.
         *
         * @param limits how much body the server takes
         * @return this builder
         */
        Builder bodyLimits(BodyLimits limits) {
            this.bodyLimits = Objects.requireNonNull(limits, "limits");
            return this;
        }

        /**
         * Changes the budget of stored records, for the tests of writes over it (a small budget is reached in a few
         * records); not public: users keep the budget sized to the heap.
         *
         * @param bytes the estimated heap bytes the records of every index may hold together
         * @return this builder
         */
        Builder recordBudget(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("recordBudget must be positive: " + bytes);
            }
            this.recordBudgetBytes = bytes;
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param port the port (of the first host, when there are several); 0 (the default) picks a free one
         */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0..65535");
            }
            this.port = port;
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param bindAddress the address to listen on; default {@code 127.0.0.1}
         */
        public Builder bindAddress(String bindAddress) {
            this.bindAddress = Objects.requireNonNull(bindAddress, "bindAddress");
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param applicationId the application ID callers must send; default {@value #DEFAULT_APPLICATION_ID}
         * @throws IllegalArgumentException when it is blank, holds a control character, or begins or ends with a space
         *     (a request header could not carry it)
         */
        public Builder applicationId(String applicationId) {
            this.applicationId = requireHeaderValue(applicationId, "applicationId");
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param adminKey the admin API key; default {@value #DEFAULT_ADMIN_KEY}
         * @throws IllegalArgumentException when it is blank, holds a control character, or begins or ends with a space
         *     (a request header could not carry it), holds a character other than an ASCII letter, a digit, {@code -}
         *     or {@code _}, or is longer than 48 characters (the server masks such keys, and only those, wherever it
         *     shows a request again)
         */
        public Builder adminKey(String adminKey) {
            this.adminKey = requireKey(adminKey, "adminKey");
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param monitoringKey the key of the monitoring endpoints that need one; default
         *     {@value #DEFAULT_MONITORING_KEY}
         * @throws IllegalArgumentException when it is blank, holds a control character, or begins or ends with a space
         *     (a request header could not carry it), holds a character other than an ASCII letter, a digit, {@code -}
         *     or {@code _}, or is longer than 48 characters (the server masks such keys, and only those, wherever it
         *     shows a request again)
         */
        public Builder monitoringKey(String monitoringKey) {
            this.monitoringKey = requireKey(monitoringKey, "monitoringKey");
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param monitoringSeed the seed of what the monitoring probes measure: the latency, indexing time and
         *     reachability series of every server and cluster derive from it and the clock (and move with the
         *     server's work and scripted incidents), so two servers with the same seed and clock report the same
         *     series; default {@value #DEFAULT_MONITORING_SEED}
         */
        public Builder monitoringSeed(long monitoringSeed) {
            this.monitoringSeed = monitoringSeed;
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param usageKey the key of the usage endpoints; default {@value #DEFAULT_USAGE_KEY}
         * @throws IllegalArgumentException when it is blank, holds a control character, or begins or ends with a space
         *     (a request header could not carry it), holds a character other than an ASCII letter, a digit, {@code -}
         *     or {@code _}, or is longer than 48 characters (the server masks such keys, and only those, wherever it
         *     shows a request again)
         */
        public Builder usageKey(String usageKey) {
            this.usageKey = requireKey(usageKey, "usageKey");
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param userId the crawler user ID; default {@value #DEFAULT_CRAWLER_USER_ID}
         * @param apiKey the crawler API key; default {@value #DEFAULT_CRAWLER_API_KEY}
         * @throws IllegalArgumentException when either is blank, the user ID holds a {@code :}, or the key holds a
         *     character other than an ASCII letter, a digit, {@code -} or {@code _}, or is longer than 48 characters
         *     (the server masks such keys, and only those, wherever it shows a request again)
         */
        public Builder crawlerCredentials(String userId, String apiKey) {
            String user = requireNonBlank(userId, "crawler user ID");
            if (user.contains(":")) {
                throw new IllegalArgumentException("the crawler user ID must not contain ':'");
            }
            this.crawlerUserId = user;
            this.crawlerApiKey = requireMaskable(requireNonBlank(apiKey, "crawler API key"), "crawler API key");
            return this;
        }

        /**
         * The hosts the crawler endpoints may fetch pages from, besides loopback addresses (always allowed). A URL
         * on any other host is not fetched: it counts as failed in the crawler's URL statistics.
         *
         * @param hosts host names or IP addresses, compared case-insensitively; none (the default) means loopback
         *     only
         * @return this builder
         */
        public Builder crawlerAllowedHosts(String... hosts) {
            Set<String> allowed = new java.util.HashSet<>();
            for (String host : hosts) {
                allowed.add(requireNonBlank(host, "crawler host").toLowerCase(java.util.Locale.ROOT));
            }
            this.crawlerAllowedHosts = Set.copyOf(allowed);
            return this;
        }

        /**
         * Speaks HTTPS, with a certificate minted at start (see {@link #trustMaterial()}), instead of plain HTTP.
         *
         * @return this builder
         */
        public Builder https() {
            this.https = true;
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param taskDelay how long each task stays {@code notPublished}; default zero
         */
        public Builder taskDelay(Duration taskDelay) {
            if (taskDelay.isNegative()) {
                throw new IllegalArgumentException("taskDelay must not be negative");
            }
            this.taskDelay = taskDelay;
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param clock the clock for timestamps, task publication, key validity, secured keys and rate-limit hours
         *     (tests can move it by hand)
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param clusters the clusters of multi-cluster user mapping (default {@code mock-cluster-1},
         *     {@code mock-cluster-2}); none disables the feature (its endpoints answer 403)
         * @throws IllegalArgumentException when one is blank or named twice
         */
        public Builder clusters(String... clusters) {
            Set<String> named = new java.util.HashSet<>();
            for (String cluster : clusters) {
                if (!named.add(requireNonBlank(cluster, "cluster"))) {
                    // it would be listed, counted and offered for mappings twice
                    throw new IllegalArgumentException("the cluster " + cluster + " is named twice");
                }
            }
            this.clusters = List.of(clusters);
            return this;
        }

        /**
         * Answers unknown URL parameters, search parameters and setting names with a 400 instead of ignoring them as
         * the service does: a test then learns of a misspelt parameter.
         *
         * @return this builder
         */
        public Builder strict() {
            this.strict = true;
            return this;
        }

        /**
         * How many requests are handled at once; the others wait for a turn (see {@link #queueSize(int)}).
         * Connections waiting for more bytes hold none. Each connection has a platform thread of its own, which runs
         * its request's handler when a turn is free; a request that waited for its turn runs on a pool thread. The
         * default is {@value #DEFAULT_THREADS_VIRTUAL} on JDK 21 and newer, {@value #DEFAULT_THREADS_PLATFORM} on JDK
         * 17 to 20.
         *
         * @param threads how many requests are handled at once
         * @return this builder
         */
        public Builder threads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1");
            }
            this.threads = threads;
            return this;
        }

        /**
         * How many requests may wait for a turn; past it requests are answered 503 at once. The default,
         * {@value #DEFAULT_QUEUE_SIZE}, holds the bursts a test machine's connections can carry: over HTTP/1.1
         * each waiting request holds a connection (a file descriptor and its connection's thread), and at most 4,096
         * connections are open at once, so a queue larger than that fills only with more connections than that. A
         * waiting request and its connection cost about 11 KB of heap besides its thread's stack; its body counts
         * against the 256 MB of bodies held at once.
         *
         * @param queueSize how many requests may wait for a turn
         * @return this builder
         */
        public Builder queueSize(int queueSize) {
            if (queueSize < 1) {
                throw new IllegalArgumentException("queueSize must be at least 1");
            }
            this.queueSize = queueSize;
            return this;
        }

        /**
         * Listens on that many ports, each a host of its own serving the same application (indices, keys, tasks,
         * the request log), so that a client configured with several hosts sees distinct hosts, and faults can be
         * scripted per host ({@link MockHost#faults()}). The first host listens on {@link #port(int)}; the others on
         * the ports after it when it is fixed (8080, 8081, ...), else on free ports; {@link MockServer#hosts()} gives
         * their URLs.
         *
         * @param count how many hosts, 1 (the default) to {@value MockServer#MAX_HOSTS}
         * @return this builder
         */
        public Builder hosts(int count) {
            if (count < 1 || count > MAX_HOSTS) {
                throw new IllegalArgumentException("hosts must be 1.." + MAX_HOSTS);
            }
            this.hosts = count;
            return this;
        }

        /**
         * Whether the server serves the browser console at {@code /_mock/console} on every host, and keeps for it a
         * journal of the last 1,000 answers and per-second counters of the last ten minutes (a few MB at most, kept
         * from the first answer; the console's own classes load on its first request).
         *
         * @param console {@link Console#ON} (the default) or {@link Console#OFF}
         * @return this builder
         */
        public Builder console(Console console) {
            this.consoleOn = Objects.requireNonNull(console, "console") == Console.ON;
            return this;
        }

        /**
         * Seeds from a file or directory at start and after each reset (format: see the README).
         *
         * @param path a seed file or a directory of them
         * @return this builder
         * @throws IllegalArgumentException when the path is empty
         */
        public Builder seed(Path path) {
            if (Objects.requireNonNull(path, "path").toString().isEmpty()) {
                // the empty path is the working directory: every *.json there would become an index
                throw new IllegalArgumentException("the seed path is empty");
            }
            seedPaths.add(path);
            return this;
        }

        /**
         * Seeds from a JSON document at start and after each reset.
         *
         * @param json {@code {"indices": {"<name>": {"settings", "synonyms", "rules", "records"}}}}
         * @return this builder
         * @throws IllegalArgumentException when it is not a JSON object
         */
        public Builder seedJson(String json) {
            JsonNode document;
            try {
                document = Json.parse(json);
            } catch (JacksonException e) {
                throw new IllegalArgumentException("the seed is not valid JSON", e);
            }
            if (!document.isObject()) {
                throw new IllegalArgumentException("the seed must be a JSON object");
            }
            seedDocuments.add((ObjectNode) document);
            return this;
        }

        /**
         * {@return the running server}
         *
         * @throws UncheckedIOException when the port cannot be bound
         */
        public MockServer start() {
            try {
                return new MockServer(this);
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the mock server: " + e.getMessage(), e);
            }
        }

        /**
         * A credential callers send in a header, which cannot carry a control character and loses white space at
         * either end: such a value (a key read from a file with its line end) would refuse every request. The value
         * is never in the message: it may be a key.
         */
        private static String requireHeaderValue(String value, String name) {
            requireNonBlank(value, name);
            boolean control = value.chars().anyMatch(c -> c < 0x20 || c == 0x7f);
            if (control || value.startsWith(" ") || value.endsWith(" ")) {
                throw new IllegalArgumentException(name + " must not hold control characters nor begin or end with"
                        + " white space: a request header could not carry it");
            }
            return value;
        }

        /** A key the user sets: a header value the journal, the log and a search's echo mask whole. */
        private static String requireKey(String value, String name) {
            return requireMaskable(requireHeaderValue(value, name), name);
        }

        /**
         * The server finds keys as runs of ASCII letters, digits, {@code -} and {@code _}, and cuts long texts before
         * a word that may be a key up to {@link KeyLength#MAX_CHARS} characters: another key could be shown in part.
         */
        private static String requireMaskable(String value, String name) {
            String problem = ChosenKey.problem(value);
            if (problem != null) {
                throw new IllegalArgumentException(
                        name + " " + problem + ": the server could show such a key in part where it masks keys");
            }
            return value;
        }

        private static String requireNonBlank(String value, String name) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(name + " must not be blank");
            }
            return value;
        }
    }
}
