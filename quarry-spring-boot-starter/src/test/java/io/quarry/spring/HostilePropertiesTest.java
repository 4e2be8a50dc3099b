package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.DefaultHosts;
import io.quarry.core.Host;
import io.quarry.core.QuarryException;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Seeded random {@code quarry.*} values that an application could set by mistake, each either giving a client that
 * calls the hosts it should (the mock server's, or the service's own names) or stopping the start with the failure
 * analyzer's report, never a bare stack trace, and never showing the key. {@code -Dquarry.hostile.cases=N} runs more.
 */
class HostilePropertiesTest {

    private static final long SEED = Long.getLong("quarry.hostile.seed", 22_0017L);
    private static final int CASES = Integer.getInteger("quarry.hostile.cases", 6);

    private static final int APPLICATION_ID = 0;
    private static final int API_KEY = 1;
    private static final int HOSTS = 2;
    private static final int TIMEOUT = 3;

    /** Characters that change a URL's structure, blanks, control and non-ASCII characters, and plain ones. */
    private static final String HOSTILE = "/#?@:%\\. \t\n\u0000\u00e9-_aZ9";

    private static final String[] DURATIONS = {"-1s", "0s", "0ms", "1ns", "PT-5S", "750ms", "3650d", ""};

    private static final String[] TIMEOUTS = {
        "quarry.connect-timeout",
        "quarry.read-timeout",
        "quarry.write-timeout",
        "quarry.close-timeout",
        "quarry.health.timeout"
    };

    private static MockServer server;
    private static String key;

    /** The search client alone, with its health check (whose client is made from the same properties). */
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
            .withUserConfiguration(QuarryHealthProbes.class)
            .withClassLoader(new FilteredClassLoader(
                    "io.quarry.analytics",
                    "io.quarry.insights",
                    "io.quarry.personalization",
                    "io.quarry.answers",
                    "io.quarry.querysuggestions",
                    "io.quarry.monitoring",
                    "io.quarry.usage",
                    "io.quarry.crawler"))
            .withPropertyValues("quarry.health.search.enabled=true");

    private final QuarryConfigurationFailureAnalyzer analyzer = new QuarryConfigurationFailureAnalyzer();

    @BeforeAll
    static void startServer() {
        server = MockServer.builder().start();
        key = server.adminKey();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void eachValueGivesAWorkingClientOrTheAnalyzersReport() {
        // the values that broke the start or the client, then seeded random ones
        check(APPLICATION_ID, "quarry.application-id=evil.example/");
        check(APPLICATION_ID, "quarry.application-id=my app");
        check(TIMEOUT, hosts(server.url()), "quarry.health.timeout=0s");
        Random random = new Random(SEED);
        for (int i = 0; i < CASES; i++) {
            int kind = random.nextInt(4);
            switch (kind) {
                case APPLICATION_ID -> check(kind, "quarry.application-id=" + hostile(random, "app"));
                case API_KEY -> check(kind, "quarry.api-key=" + hostile(random, key), hosts(server.url()));
                case HOSTS -> check(kind, hosts(hostile(random, server.url())));
                default ->
                    check(
                            kind,
                            hosts(server.url()),
                            TIMEOUTS[random.nextInt(TIMEOUTS.length)] + "="
                                    + DURATIONS[random.nextInt(DURATIONS.length)]);
            }
        }
    }

    /** Starts a context with the mock server's credentials and these properties, and checks the outcome. */
    private void check(int kind, String... properties) {
        String seen = "seed " + SEED + ": " + List.of(properties);
        runner.withPropertyValues("quarry.application-id=" + server.applicationId(), "quarry.api-key=" + key)
                .withPropertyValues(properties)
                .run(context -> check(context, kind, seen));
    }

    private void check(AssertableApplicationContext context, int kind, String seen) {
        Throwable failure = context.getStartupFailure();
        if (failure != null) {
            FailureAnalysis analysis = analyzer.analyze(failure);
            assertThat(analysis)
                    .as(seen + " failed without the analyzer's report: " + failure)
                    .isNotNull();
            assertThat(analysis.getDescription() + "\n" + analysis.getAction())
                    .as(seen)
                    .doesNotContain(key);
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                assertThat(String.valueOf(cause.getMessage())).as(seen).doesNotContain(key);
            }
            return;
        }
        SearchClient client = context.getBean(SearchClient.class);
        if (kind == APPLICATION_ID) {
            // no hosts set: the service's own names, which the application ID must not move
            assertThat(client.config().resolveHosts(DefaultHosts.searchStyle()))
                    .as(seen)
                    .allSatisfy(host -> {
                        assertThat(host.hostname().endsWith(".quarry.net")
                                        || host.hostname().endsWith(".quarrynet.com"))
                                .as(host.hostname())
                                .isTrue();
                        assertThat(host.port()).isEqualTo(443);
                        assertThat(host.basePath()).isEmpty();
                    });
        } else if (kind == API_KEY) {
            assertThatThrownBy(client::listIndices)
                    .as(seen)
                    .isInstanceOf(QuarryException.class)
                    .message()
                    .doesNotContain(key);
        } else {
            assertThat(client.config().hosts()).as(seen).allMatch(Host::isLoopback);
            assertThat(client.listIndices()).as(seen).isNotNull();
        }
    }

    private static String hosts(String url) {
        return "quarry.hosts[0]=" + url;
    }

    /** The text with a few hostile characters put in, at its end or anywhere. */
    private static String hostile(Random random, String text) {
        StringBuilder spoiled = new StringBuilder(text);
        int count = 1 + random.nextInt(3);
        for (int c = 0; c < count; c++) {
            int at = random.nextBoolean() ? spoiled.length() : random.nextInt(spoiled.length() + 1);
            spoiled.insert(at, HOSTILE.charAt(random.nextInt(HOSTILE.length())));
        }
        return spoiled.toString();
    }
}
