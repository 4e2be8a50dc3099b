package io.quarry.mockserver.junit;

import io.quarry.mockserver.Faults;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.internal.startup.ClassPathCheck;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Runs a {@link MockServer} for JUnit 5 tests and injects it into test and lifecycle method parameters of type
 * {@link MockServer}. By default one server serves a whole class (it starts once) and each test method starts from
 * the server's seed state: the server is reset before each test, so what one test writes, and the faults it
 * scripts, never reach the next. A class that builds its state once, in {@code @BeforeAll}, for all its tests opts
 * in to {@link StatePolicy#KEPT_ACROSS_CLASS}.
 *
 * <p>Declaratively, configured by {@link MockServerSettings}:
 * <pre>{@code
 * @ExtendWith(MockServerExtension.class)
 * class SearchIT {
 *     @Test
 *     void finds(MockServer server) {
 *         ClientConfig config = ClientConfig.builder(server.applicationId(), server.adminKey())
 *                 .hosts(Host.of(server.url()))
 *                 .build();
 *         ...
 *     }
 * }
 *
 * @ExtendWith(MockServerExtension.class)
 * @MockServerSettings(state = StatePolicy.KEPT_ACROSS_CLASS)   // the records written in @BeforeAll stay
 * class CatalogueIT { ... }
 * }</pre>
 *
 * <p>Programmatically:
 * <pre>{@code
 * @RegisterExtension
 * static MockServerExtension mock = MockServerExtension.builder()
 *         .configure(server -> server.https())
 *         .build();                                     // .state(StatePolicy.KEPT_ACROSS_CLASS) to keep state
 *
 * @Test
 * void finds() {
 *     String url = mock.server().url();
 *     ...
 * }
 * }</pre>
 * Registered on an instance (non-static) field, a per-class extension behaves per test, since JUnit then calls
 * no class-level callback.
 */
public final class MockServerExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {

    /** How long one server lives. */
    public enum Lifecycle {
        /** One server for all the tests of a class (and its nested classes). */
        PER_CLASS,
        /** A fresh server for each test. */
        PER_TEST
    }

    /** What a test sees of the tests before it, on a server that serves the whole class. */
    public enum StatePolicy {
        /**
         * Each test starts from the server's seed state: the server is reset (records, keys, tracked searches
         * and events, scripted faults...) before each test method. The default.
         */
        RESET_BEFORE_EACH_TEST,
        /**
         * The state is kept across the tests of the class (and its nested classes): what {@code @BeforeAll} and
         * each test write stays for the tests after. Only with {@link Lifecycle#PER_CLASS}.
         */
        KEPT_ACROSS_CLASS
    }

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(MockServerExtension.class);
    private static final String SERVER = "server";

    private final Options fixed;
    private volatile MockServer current;

    /** For {@code @ExtendWith}: reads {@link MockServerSettings} from the test class. */
    public MockServerExtension() {
        this.fixed = null;
    }

    private MockServerExtension(Options options) {
        this.fixed = options;
    }

    /** {@return a builder for {@code @RegisterExtension}} */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * {@return the server of the running test (or class)}
     *
     * @throws IllegalStateException outside a test
     */
    public MockServer server() {
        MockServer server = current;
        if (server == null) {
            throw new IllegalStateException("no mock server is running: call server() from a test or lifecycle method");
        }
        return server;
    }

    /**
     * The server a {@code MockServerExtension} started for a test context (or an enclosing one), for other
     * extensions that build on it, such as one that injects ready clients.
     *
     * @param context the test's extension context
     * @return the server, or {@code null} when none was started yet
     */
    public static MockServer serverOf(ExtensionContext context) {
        return find(context);
    }

    /**
     * The running server's scripted faults; unless the state is {@link StatePolicy#KEPT_ACROSS_CLASS}, each test
     * starts with none.
     *
     * @return the faults of {@link #server()}
     * @throws IllegalStateException when no server is running
     */
    public Faults faults() {
        return server().faults();
    }

    /**
     * Starts the class's server (unless a server per test was asked for), after checking that the libraries the
     * server runs on are recent enough.
     *
     * @param context the test class's context
     * @throws IllegalStateException when a library is older than the server needs (such as a
     *     {@code jackson-annotations} pinned by a framework's dependency management): the message names the
     *     artifact, the version found, the version needed and the fix
     */
    @Override
    public void beforeAll(ExtensionContext context) {
        ClassPathCheck.requireCompatible();
        if (options(context).lifecycle() == Lifecycle.PER_CLASS && find(context) == null) {
            start(context);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Options options = options(context);
        MockServer existing = find(context);
        if (options.lifecycle() == Lifecycle.PER_TEST || existing == null) {
            start(context);
        } else {
            current = existing;
            if (options.state() == StatePolicy.RESET_BEFORE_EACH_TEST) {
                existing.reset();
            }
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        stopOwnedBy(context);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stopOwnedBy(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == MockServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        MockServer server = find(extensionContext);
        return server != null ? server : start(extensionContext);
    }

    private static MockServer find(ExtensionContext context) {
        return context.getStore(NAMESPACE).get(SERVER, MockServer.class);
    }

    private MockServer start(ExtensionContext context) {
        Options options = options(context);
        MockServer.Builder builder = MockServer.builder();
        options.configuration().accept(builder);
        MockServer server = builder.start();
        context.getStore(NAMESPACE).put(SERVER, server);
        current = server;
        return server;
    }

    private void stopOwnedBy(ExtensionContext context) {
        // remove() sees only this context's own values: a nested class never stops its enclosing class's server.
        MockServer server = context.getStore(NAMESPACE).remove(SERVER, MockServer.class);
        if (server != null) {
            server.close();
            MockServer parent = find(context);
            current = parent;
        }
    }

    private Options options(ExtensionContext context) {
        if (fixed != null) {
            return fixed;
        }
        MockServerSettings settings = null;
        for (Class<?> type = context.getTestClass().orElse(null);
                type != null && settings == null;
                type = type.getEnclosingClass()) {
            settings = type.getAnnotation(MockServerSettings.class);
        }
        if (settings == null) {
            return new Options(Lifecycle.PER_CLASS, StatePolicy.RESET_BEFORE_EACH_TEST, builder -> {});
        }
        MockServerSettings found = settings;
        return new Options(found.lifecycle(), found.state(), builder -> configure(builder, found));
    }

    private static void configure(MockServer.Builder builder, MockServerSettings settings) {
        builder.taskDelay(Duration.ofMillis(settings.taskDelayMillis()));
        builder.hosts(settings.hosts());
        if (settings.https()) {
            builder.https();
        }
        if (settings.strict()) {
            builder.strict();
        }
        if (!settings.applicationId().isEmpty()) {
            builder.applicationId(settings.applicationId());
        }
        if (!settings.adminKey().isEmpty()) {
            builder.adminKey(settings.adminKey());
        }
        for (String seed : settings.seed()) {
            builder.seed(Path.of(seed));
        }
        if (!settings.fixedClock().isEmpty()) {
            Instant instant;
            try {
                instant = Instant.parse(settings.fixedClock());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(
                        "@MockServerSettings(fixedClock) is not an ISO-8601 instant: " + settings.fixedClock(), e);
            }
            builder.clock(Clock.fixed(instant, ZoneOffset.UTC));
        }
    }

    private record Options(Lifecycle lifecycle, StatePolicy state, Consumer<MockServer.Builder> configuration) {

        Options {
            if (lifecycle == Lifecycle.PER_TEST && state == StatePolicy.KEPT_ACROSS_CLASS) {
                throw new IllegalArgumentException(
                        "a server per test keeps no state across the class: KEPT_ACROSS_CLASS needs PER_CLASS");
            }
        }
    }

    /** Configures a {@link MockServerExtension} for {@code @RegisterExtension}. */
    public static final class Builder {

        private Lifecycle lifecycle = Lifecycle.PER_CLASS;
        private StatePolicy state = StatePolicy.RESET_BEFORE_EACH_TEST;
        private Consumer<MockServer.Builder> configuration = builder -> {};

        private Builder() {}

        /**
         * {@return this builder}
         *
         * @param lifecycle one server per class (default) or per test
         */
        public Builder lifecycle(Lifecycle lifecycle) {
            this.lifecycle = Objects.requireNonNull(lifecycle, "lifecycle");
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param state whether each test starts from the seed state (default) or sees what the tests before it, and
         *     {@code @BeforeAll}, wrote
         */
        public Builder state(StatePolicy state) {
            this.state = Objects.requireNonNull(state, "state");
            return this;
        }

        /**
         * {@return this builder}
         *
         * @param configuration applied to each server's builder before it starts (credentials, HTTPS, seed, ...)
         */
        public Builder configure(Consumer<MockServer.Builder> configuration) {
            this.configuration = Objects.requireNonNull(configuration, "configuration");
            return this;
        }

        /** {@return the extension} */
        public MockServerExtension build() {
            return new MockServerExtension(new Options(lifecycle, state, configuration));
        }
    }
}
