package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Values of the call settings (attempt timeout, call deadline, host-down TTL, rate-limit wait, response size cap,
 * retry rounds, default headers, User-Agent segment, request compression) that an application could set by mistake,
 * each with its own outcome: the start stops naming the property and showing neither the key nor a header's value,
 * or the client's calls go through. The hosts are a port nothing listens on, then the mock server's: every call meets
 * a failed host, so the host-down TTL and the rounds are used.
 */
class HostileCallSettingsTest {

    /** A duration past what {@code Duration.toNanos} and {@code Instant.plus} can hold. */
    private static final String PAST_NANOS = "9999999999999d";

    private static MockServer server;
    private static String key;
    private static int closedPort;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
            .withClassLoader(new FilteredClassLoader(
                    "io.quarry.analytics",
                    "io.quarry.insights",
                    "io.quarry.personalization",
                    "io.quarry.answers",
                    "io.quarry.querysuggestions",
                    "io.quarry.monitoring",
                    "io.quarry.usage",
                    "io.quarry.crawler"));

    @BeforeAll
    static void startServer() throws IOException {
        server = MockServer.builder().start();
        key = server.adminKey();
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void limitsTooShortForAnyAnswerAreRefusedAndTheLongestMeanNoLimit() {
        for (String property : List.of("quarry.attempt-timeout", "quarry.call-deadline")) {
            for (String value : List.of("0s", "-1s", "1ns", "999us")) {
                refused(property, property + "=" + value);
            }
            works(property + "=" + PAST_NANOS);
        }
        for (String property : List.of("quarry.host-down-ttl", "quarry.max-rate-limit-wait")) {
            refused(property, property + "=0s");
            refused(property, property + "=-1s");
            works(property + "=1ns");
            works(property + "=" + PAST_NANOS);
        }
    }

    @Test
    void aResponseSizeIsTakenUpToTheLargestLongAndRefusedBeyond() {
        String property = "quarry.max-response-bytes";
        works(property + "=1TB");
        works(property + "=" + Long.MAX_VALUE + "B");
        for (String value : List.of("0B", "-1B", "8388608TB", "9223372036854775808B", "1.5MB", "10XB")) {
            refused(property, property + "=" + value);
        }
    }

    @Test
    void theRoundsTakeTheLongestValuesAndRefuseTheImpossibleOnes() {
        String prefix = "quarry.retry-rounds.";
        works(prefix + "mode=FOR_OUTAGES");
        works(prefix + "mode=off");
        works(prefix + "budget=0s");
        works(prefix + "budget=" + PAST_NANOS);
        works(prefix + "max-wait=" + PAST_NANOS);
        works(prefix + "first-wait=1ns");
        works(prefix + "max-rounds=" + Integer.MAX_VALUE);
        refused(prefix + "mode", prefix + "mode=sometimes");
        refused(prefix + "max-rounds", prefix + "max-rounds=0");
        refused(prefix + "max-rounds", prefix + "max-rounds=-1");
        refused(prefix + "max-rounds", prefix + "max-rounds=2147483648");
        refused(prefix + "budget", prefix + "budget=-1s");
        refused(prefix + "first-wait", prefix + "first-wait=0s");
        refused(prefix + "first-wait", prefix + "first-wait=1h");
        refused(prefix + "max-wait", prefix + "max-wait=1ns");
        refused(prefix + "max-rounds", prefix + "mode=off", prefix + "max-rounds=3");
        refused("quarry.request-compression", "quarry.request-compression=brotli");
    }

    @Test
    void aDefaultHeaderHttpForbidsOrTheClientSetsIsRefusedWithoutItsValue() {
        works("quarry.default-headers[X-Team]=search");
        for (String name : List.of("Host", "Content-Length", "content-type", "X-Service-API-Key", "User-Agent")) {
            refused("quarry.default-headers", "quarry.default-headers[" + name + "]=" + key);
        }
        refused("quarry.default-headers", "quarry.default-headers[X-Team]=" + key + "\r\nX-Forged: 1");
        refused("quarry.default-headers", "quarry.default-headers[X-Team]=" + key + "\u00e9");
        refused("quarry.default-headers", "quarry.default-headers[X(Team)]=" + key);
        refused("quarry.default-headers", "quarry.default-headers[X T\u00e9am]=" + key);
    }

    @Test
    void aUserAgentSegmentHttpDoesNotAllowOrTooLongForServersIsRefused() {
        String property = "quarry.user-agent-segment";
        works(property + "=my-shop (2.1)");
        works(property + "=" + "a".repeat(256));
        works(property + "=   ");
        for (String value : List.of("my\u0001shop", "caf\u00e9", "a;b", "a".repeat(10_000), "shop\r\nX-Forged: 1")) {
            refused(property, property + "=" + value);
        }
        run(
                new String[] {property + "=" + "a".repeat(10_000)},
                (context, seen) -> assertThat(context.getStartupFailure())
                        .rootCause()
                        .hasMessageEndingWith("a User-Agent segment must be at most 256 characters"));
    }

    /** The start stops: the failure names the property, and no message shows the key or the value given. */
    private void refused(String property, String... properties) {
        run(properties, (context, seen) -> {
            Throwable failure = context.getStartupFailure();
            assertThat(failure).as(seen + " started").isNotNull();
            List<String> messages = new ArrayList<>();
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                messages.add(String.valueOf(cause.getMessage()));
            }
            assertThat(String.join("\n", messages)).as(seen).contains(property);
            for (String message : messages) {
                assertThat(message).as(seen).doesNotContain(key).doesNotContain("X-Forged");
            }
        });
    }

    /** The client starts and its calls go through, twice (the second after the first marked a host down). */
    private void works(String... properties) {
        run(properties, (context, seen) -> {
            assertThat(context.getStartupFailure()).as(seen).isNull();
            SearchClient client = context.getBean(SearchClient.class);
            assertThat(client.config().toString()).as(seen).startsWith("ClientConfig{");
            assertThat(client.listIndices()).as(seen).isNotNull();
            assertThat(client.listIndices()).as(seen).isNotNull();
        });
    }

    private void run(String[] properties, Outcome outcome) {
        String seen = List.of(properties).toString();
        runner.withPropertyValues(
                        "quarry.application-id=" + server.applicationId(),
                        "quarry.api-key=" + key,
                        "quarry.hosts[0]=http://127.0.0.1:" + closedPort,
                        "quarry.hosts[1]=" + server.url())
                .withPropertyValues(properties)
                .run(context -> outcome.check(context, seen));
    }

    private interface Outcome {
        void check(AssertableApplicationContext context, String seen) throws Exception;
    }
}
