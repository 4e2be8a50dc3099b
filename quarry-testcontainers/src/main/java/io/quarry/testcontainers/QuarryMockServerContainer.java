package io.quarry.testcontainers;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.testcontainers.internal.ControlEndpoint;
import io.quarry.testcontainers.internal.ImageVersion;
import io.quarry.testcontainers.internal.ListeningWait;
import io.quarry.testcontainers.internal.LocalImage;
import io.quarry.testcontainers.internal.StartedCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * The Quarry mock server in a container: an in-memory stand-in for the search service that every Quarry client can
 * call, started from the image {@code quarry/mock-server}, by default at this module's own version.
 *
 * <pre>{@code
 * try (QuarryMockServerContainer mock = new QuarryMockServerContainer()
 *         .withHosts(3)                                   // optional: three hosts, one application
 *         .withSeed(Path.of("src/test/resources/seed"))   // optional: indices loaded at start and on reset
 *         .withAdminKey("test-admin-key")) {              // optional
 *     mock.start();
 *     try (SearchClient client = SearchClient.create(mock.clientConfig())) {
 *         ...
 *     }
 *     mock.hostFaults(0).during(Duration.ofSeconds(30), MockFault.status(503));   // the first host fails a while
 * }
 * }</pre>
 *
 * <p>Each host is a port of the container ({@value #PORT}, {@value #PORT} + 1, ...), mapped to a free port of the
 * Docker host; {@link #getHostUrls()} gives their URLs once the container runs. The server answers over plain HTTP.
 * The container is ready once the server prints that it listens; a server that stops before (a setting it refuses,
 * a seed it cannot read) fails {@link #start()} at once with its exit code and its error line. Its API keys are never
 * part of this object's {@link #toString()}, nor of any message of this module.
 *
 * <p>With Spring Boot's Testcontainers support, a field of this type annotated {@code @ServiceConnection} gives
 * every auto-configured Quarry client the container's hosts, application ID and keys (see the package
 * documentation).
 */
public final class QuarryMockServerContainer extends GenericContainer<QuarryMockServerContainer> {

    /** The image's name, without a tag: {@code quarry/mock-server}. */
    public static final String IMAGE = "quarry/mock-server";

    /** The port of the first host inside the container; host {@code i} listens on {@code PORT + i}. */
    public static final int PORT = 8080;

    /** The most hosts one server has. */
    public static final int MAX_HOSTS = 10;

    /** The application ID the server expects unless {@link #withApplicationId} sets another. */
    public static final String DEFAULT_APPLICATION_ID = "QUARRYMOCK";

    /** The admin key unless {@link #withAdminKey} sets another: a public test value, not a secret. */
    public static final String DEFAULT_ADMIN_KEY = "mock-admin-key";

    private static final String SEED_DIRECTORY = "/seed";
    /** The server's options that would leave the hosts out of reach of {@link #getHostUrls()}. */
    private static final List<String> OUT_OF_REACH_OPTIONS = List.of("--port", "--bind", "--hosts", "--https");
    /**
     * The server's credential options, each with the setting the container reads them from: given on its command
     * line, they would win over that setting, and the getters and {@link #clientConfig()} would give other ones.
     */
    private static final Map<String, String> CREDENTIAL_OPTIONS = Map.of(
            "--app-id", "withApplicationId(id)",
            "--admin-key", "withAdminKey(key)",
            "--monitoring-key", "withEnv(\"QUARRY_MOCK_MONITORING_KEY\", key)",
            "--usage-key", "withEnv(\"QUARRY_MOCK_USAGE_KEY\", key)",
            "--crawler-user", "withEnv(\"QUARRY_MOCK_CRAWLER_USER\", id)",
            "--crawler-key", "withEnv(\"QUARRY_MOCK_CRAWLER_KEY\", key)");

    private final DockerImageName image;
    private final List<String> seeds = new ArrayList<>();
    private int hosts = 1;

    /** A container of the image {@code quarry/mock-server} at this module's version. */
    public QuarryMockServerContainer() {
        this(DockerImageName.parse(IMAGE).withTag(ImageVersion.current()));
    }

    /**
     * A container of another tag of the image, or of an image built from it (declared with
     * {@link DockerImageName#asCompatibleSubstituteFor(String)}).
     *
     * @param image the image
     * @throws IllegalStateException if the image is neither {@code quarry/mock-server} nor declared compatible
     */
    public QuarryMockServerContainer(DockerImageName image) {
        super(Objects.requireNonNull(image, "image"));
        image.assertCompatibleWith(DockerImageName.parse(IMAGE));
        this.image = image;
        withExposedPorts(PORT);
        // ready once the server prints that every host listens; stopped before, the start fails with its reason
        waitingFor(new ListeningWait());
        withStartupCheckStrategy(new StartedCheck());
    }

    /**
     * Serves the application from that many hosts, each a port of its own with the same indices, keys and tasks, so
     * that a client configured with several hosts meets distinct hosts and a fault can be scripted for one of them
     * ({@link #hostFaults(int)}).
     *
     * @param count how many hosts, 1 (the default) to {@value #MAX_HOSTS}
     * @return this container
     */
    public QuarryMockServerContainer withHosts(int count) {
        if (count < 1 || count > MAX_HOSTS) {
            throw new IllegalArgumentException("hosts must be 1 to " + MAX_HOSTS + ", not " + count);
        }
        this.hosts = count;
        setExposedPorts(IntStream.range(0, count).mapToObj(host -> PORT + host).toList());
        return withEnv("QUARRY_MOCK_HOSTS", Integer.toString(count));
    }

    /**
     * Loads indices (and keys) when the server starts and again on every {@link #reset()}: a JSON seed document, or a
     * directory whose {@code *.json} files are read in name order. The file or directory is copied into the
     * container before it starts, readable by the server's user; called again, each seed is applied in turn.
     *
     * @param seed a file or a directory
     * @return this container
     */
    public QuarryMockServerContainer withSeed(Path seed) {
        Objects.requireNonNull(seed, "seed");
        if (!Files.exists(seed)) {
            throw new IllegalArgumentException("no seed file or directory at " + seed);
        }
        String target = SEED_DIRECTORY + "/" + seeds.size();
        if (!Files.isDirectory(seed)) {
            // ':' separates the seeds in the server's variable: a file name holding one would split its path
            target += "/" + seed.getFileName().toString().replace(':', '_');
        }
        seeds.add(target);
        withCopyFileToContainer(MountableFile.forHostPath(seed, 0755), target);
        return withEnv("QUARRY_MOCK_SEED", String.join(":", seeds));
    }

    /**
     * Sets the application ID callers must send.
     *
     * @param applicationId the application ID: printable ASCII, without spaces at its ends
     * @return this container
     * @throws IllegalArgumentException if it is blank or holds another character
     */
    public QuarryMockServerContainer withApplicationId(String applicationId) {
        return withEnv("QUARRY_MOCK_APP_ID", requireHeaderValue(applicationId, "applicationId"));
    }

    /**
     * Sets the admin API key, which the server never prints.
     *
     * @param adminKey the key: 1 to 48 ASCII letters, digits, {@code -} and {@code _}, the values the server takes for a
     *     key it is given (it can then hide the key whole wherever it shows a request again)
     * @return this container
     * @throws IllegalArgumentException if it is empty, longer or holds another character; the message does not show it
     */
    public QuarryMockServerContainer withAdminKey(String adminKey) {
        return withEnv("QUARRY_MOCK_ADMIN_KEY", requireKeyValue(adminKey, "adminKey"));
    }

    /** {@return the application ID callers send} */
    public String getApplicationId() {
        return env("QUARRY_MOCK_APP_ID", DEFAULT_APPLICATION_ID);
    }

    /** {@return the admin API key, which every client but the crawler's can use} */
    public String getAdminKey() {
        return env("QUARRY_MOCK_ADMIN_KEY", DEFAULT_ADMIN_KEY);
    }

    /** {@return the monitoring API key (the admin key is taken too)} */
    public String getMonitoringKey() {
        return env("QUARRY_MOCK_MONITORING_KEY", "mock-monitoring-key");
    }

    /** {@return the usage API key (the admin key is taken too)} */
    public String getUsageKey() {
        return env("QUARRY_MOCK_USAGE_KEY", "mock-usage-key");
    }

    /** {@return the crawler user ID, which the crawler's client sends with {@link #getCrawlerApiKey()}} */
    public String getCrawlerUserId() {
        return env("QUARRY_MOCK_CRAWLER_USER", "mock-crawler-user");
    }

    /** {@return the crawler's API key} */
    public String getCrawlerApiKey() {
        return env("QUARRY_MOCK_CRAWLER_KEY", "mock-crawler-key");
    }

    /** {@return how many hosts the server has} */
    public int getHostCount() {
        return hosts;
    }

    /**
     * {@return each host's URL, in order, such as {@code http://localhost:32768}: the Docker host's address and the
     * port mapped to the host's; the container must be running}
     */
    public List<String> getHostUrls() {
        return IntStream.range(0, hosts).mapToObj(this::hostUrl).toList();
    }

    /** {@return the first host's URL; the container must be running} */
    public String getUrl() {
        return hostUrl(0);
    }

    /**
     * {@return a client configuration for the running server: its application ID and admin key, and every host in
     * order, each serving reads and writes; {@code toBuilder()} changes the rest}
     *
     * <p>The crawler's client authenticates differently: give it
     * {@code ClientConfig.builder(Credentials.basic(getCrawlerUserId(), getCrawlerApiKey()))} with the same hosts.
     */
    public ClientConfig clientConfig() {
        return ClientConfig.builder(getApplicationId(), getAdminKey())
                .hosts(getHostUrls().stream().map(Host::of).toList())
                // the server speaks plain HTTP, also when the Docker host is another machine
                .allowInsecureHttp()
                .build();
    }

    /**
     * {@return the faults of one host, to script through the running server's control endpoints (through another host
     * when there is one)}
     *
     * @param host the host's number, from 0, in the order of {@link #getHostUrls()}
     */
    public MockHostFaults hostFaults(int host) {
        if (host < 0 || host >= hosts) {
            throw new IllegalArgumentException("host must be 0 to " + (hosts - 1) + ", not " + host);
        }
        // A host refusing connections closes the one its order came through: ask through another when there is one.
        int through = hosts == 1 ? host : (host + 1) % hosts;
        return new MockHostFaults(host, new ControlEndpoint(hostUrl(through), getAdminKey()));
    }

    /**
     * Puts the running server back as it started: every index, key and fault removed, each host listening again, its
     * request count at 0, and the seeds loaded again.
     */
    public void reset() {
        new ControlEndpoint(getUrl(), getAdminKey()).send("POST", "/_mock/reset", null);
    }

    /**
     * Refuses, before the container is created, the server's variables set with {@code withEnv} that would leave the
     * hosts out of reach of {@link #getHostUrls()}: its ports ({@code QUARRY_MOCK_PORT}), its address
     * ({@code QUARRY_MOCK_BIND}), HTTPS ({@code QUARRY_MOCK_HTTPS}), and a number of hosts other than
     * {@link #withHosts(int)}'s ({@code QUARRY_MOCK_HOSTS}); and the same options given as the server's arguments
     * with {@code withCommand} ({@code --port}, {@code --bind}, {@code --https}, {@code --hosts}). Also refused there,
     * the credentials ({@code --app-id}, {@code --admin-key}, {@code --monitoring-key}, {@code --usage-key},
     * {@code --crawler-user}, {@code --crawler-key}): they would win over the container's settings, which the getters
     * and {@link #clientConfig()} give.
     *
     * @throws IllegalStateException naming the variable or the option, and what to do instead, never a value
     */
    @Override
    protected void configure() {
        super.configure();
        for (String fixed : List.of("QUARRY_MOCK_PORT", "QUARRY_MOCK_BIND")) {
            if (!env(fixed, "").isEmpty()) {
                throw new IllegalStateException(fixed + " cannot be set on this container: its hosts listen on"
                        + " ports " + PORT + " onwards of every address, which Docker maps to free ports");
            }
        }
        if (!env("QUARRY_MOCK_HTTPS", "false").equalsIgnoreCase("false")) {
            throw new IllegalStateException("QUARRY_MOCK_HTTPS cannot be set on this container, which serves plain"
                    + " HTTP: its hosts' URLs and clientConfig() are http ones");
        }
        if (!env("QUARRY_MOCK_HOSTS", "1").equals(Integer.toString(hosts))) {
            throw new IllegalStateException("set the number of hosts with withHosts(n), which exposes their ports,"
                    + " rather than QUARRY_MOCK_HOSTS");
        }
        // the server's options after the image win over its variables: the same options are refused there
        for (String argument : getCommandParts()) {
            if (OUT_OF_REACH_OPTIONS.contains(argument)) {
                throw new IllegalStateException(argument + " cannot be given to this container's server, whose hosts"
                        + " listen over plain HTTP on ports " + PORT + " onwards of every address: the number of"
                        + " hosts is withHosts(n)");
            }
            String setting = CREDENTIAL_OPTIONS.get(argument);
            if (setting != null) {
                throw new IllegalStateException(argument + " cannot be given to this container's server: the"
                        + " container's getters and clientConfig() would not know it; set it with " + setting);
            }
        }
    }

    /**
     * Starts the container, once the image is known to be on the Docker host.
     *
     * @throws org.testcontainers.containers.ContainerLaunchException at once when {@code quarry/mock-server} (of no
     *     registry) is not on the Docker host, saying how to build it, rather than after minutes of tries to pull it
     */
    @Override
    protected void doStart() {
        LocalImage.require(image, IMAGE);
        super.doStart();
    }

    /** {@return the image and the number of hosts; never a key} */
    @Override
    public String toString() {
        // the name as given: getDockerImageName() would ask Docker for the image
        return "QuarryMockServerContainer[image=" + image.asCanonicalNameString() + ", hosts=" + hosts + "]";
    }

    private String hostUrl(int host) {
        return "http://" + getHost() + ":" + getMappedPort(PORT + host);
    }

    private String env(String name, String fallback) {
        String value = getEnvMap().get(name);
        return value == null || value.isEmpty() ? fallback : value;
    }

    /**
     * A value the clients send in a header, which loses its outer spaces and holds printable ASCII only: another
     * would start a server expecting what no client can send. The message never repeats the value.
     */
    /** The longest key value the server takes. */
    private static final int MAX_KEY_CHARS = 48;

    private static String requireKeyValue(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isEmpty() || value.length() > MAX_KEY_CHARS) {
            throw new IllegalArgumentException(
                    name + " must be 1 to " + MAX_KEY_CHARS + " characters long (it has " + value.length() + ")");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean keyChar =
                    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!keyChar) {
                throw new IllegalArgumentException(
                        name + " must hold only ASCII letters, digits, '-' and '_' (character " + (i + 1)
                                + " is none of them)");
            }
        }
        return value;
    }

    private static String requireHeaderValue(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
        boolean printable = value.charAt(0) != ' ' && value.charAt(value.length() - 1) != ' ';
        for (int i = 0; printable && i < value.length(); i++) {
            printable = value.charAt(i) >= 0x20 && value.charAt(i) <= 0x7E;
        }
        if (!printable) {
            throw new IllegalArgumentException(name + " must be printable ASCII, without spaces at its ends: the"
                    + " clients send it in a header");
        }
        return value;
    }
}
