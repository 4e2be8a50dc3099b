package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Limits on a call: a host trickling bytes is cut by the attempt limit and marked down, a call stops at its
 * deadline, a response larger than the size cap fails clearly, and close() ends calls in flight.
 */
@Timeout(30)
@Execution(ExecutionMode.CONCURRENT) // each test has servers and a client of its own, and mostly waits on limits
class CallLimitsTest {

    /** The test's own threads for a blocking call the host holds, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    static final Endpoint GET = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");

    /** A trickling host sends a byte every 150 ms: never idle long enough for a read timeout. */
    static final long TRICKLE_MILLIS = 150;

    /**
     * Its whole answer takes about 15 s. A limit of a second cuts it, on a machine loaded enough to stretch that
     * second several times over, still well under half of it: this bound tells a cut answer from one waited out,
     * not a fast cut from a slow one.
     */
    static final Duration WELL_UNDER_THE_WHOLE_TRICKLE =
            FaultyHttpServer.trickleLength(TRICKLE_MILLIS).dividedBy(2);

    /**
     * How long a silent host holds a call, and the read timeout that would end it: a call close() cancels ends
     * well within half of that at any load.
     */
    static final Duration SILENCE = Duration.ofSeconds(10);

    private static ApiClient client(ClientConfig.Builder builder) {
        return LoopbackHttp.client(builder.build());
    }

    private static FreeFormRecord get(ApiClient api) {
        return api.request(GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(FreeFormRecord.class);
    }

    /** The call ended well before the trickled answers could, and the client closed each before its end. */
    private static void assertCutShort(long startNanos, FaultyHttpServer... trickling) throws InterruptedException {
        assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).isLessThan(WELL_UNDER_THE_WHOLE_TRICKLE);
        // counted once a server thread has read the request: on a loaded machine that may come after the cut
        Eventually.waitUntil(
                "answers to trickle",
                () -> Arrays.stream(trickling)
                                .mapToInt(FaultyHttpServer::requests)
                                .sum()
                        > 0);
        for (FaultyHttpServer server : trickling) {
            Eventually.waitUntil(
                    "the trickling host to see its answer cut", () -> server.answersCut() == server.requests());
        }
    }

    @Test
    void aTricklingHostIsCutByTheAttemptLimitAndMarkedDown() throws Exception {
        try (FaultyHttpServer trickling = new FaultyHttpServer(FaultyHttpServer.trickle(TRICKLE_MILLIS));
                FaultyHttpServer healthy =
                        new FaultyHttpServer(FaultyHttpServer.answer(200, "application/json", "{\"objectID\":\"1\"}"));
                ApiClient api = client(LoopbackHttp.config(
                                "key",
                                LoopbackHttp.host("slow.test", trickling.port()),
                                LoopbackHttp.host("fast.test", healthy.port()))
                        .readTimeout(Duration.ofSeconds(1))
                        .attemptTimeout(Duration.ofMillis(800)))) {
            long start = System.nanoTime();
            assertThat(get(api).objectID()).contains("1");
            assertCutShort(start, trickling);
            // marked down, not merely slow: the next call goes straight to the healthy host
            get(api);
            assertThat(trickling.requests()).isEqualTo(1);
            assertThat(healthy.requests()).isEqualTo(2);
        }
    }

    @Test
    void anAsyncTryOnATricklingHostIsCutByTheAttemptLimitAndReportedAsThatLimit() throws Exception {
        try (FaultyHttpServer trickling = new FaultyHttpServer(FaultyHttpServer.trickle(TRICKLE_MILLIS));
                ApiClient api = client(LoopbackHttp.config("key", LoopbackHttp.host("slow.test", trickling.port()))
                        .readTimeout(Duration.ofSeconds(1))
                        .attemptTimeout(Duration.ofMillis(600)))) {
            long start = System.nanoTime();
            CompletableFuture<FreeFormRecord> future = api.request(GET)
                    .path("indexName", "products")
                    .path("objectID", "1")
                    .executeAsync(FreeFormRecord.class);
            assertThatThrownBy(() -> future.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOf(UnreachableHostsException.class)
                    .hasMessageContaining("attempt time limit reached");
            // cut by its limit: the read timeout never fires on a byte every 150 ms
            assertCutShort(start, trickling);
        }
    }

    @Test
    void theCallDeadlineBoundsEveryTryTogether() throws Exception {
        try (FaultyHttpServer first = new FaultyHttpServer(FaultyHttpServer.trickle(TRICKLE_MILLIS));
                FaultyHttpServer second = new FaultyHttpServer(FaultyHttpServer.trickle(TRICKLE_MILLIS));
                ApiClient api = client(LoopbackHttp.config(
                                "key",
                                LoopbackHttp.host("one.test", first.port()),
                                LoopbackHttp.host("two.test", second.port()))
                        .attemptTimeout(Duration.ofSeconds(20))
                        // long enough for the request to reach a host at any load (600 ms once passed before the
                        // first request was written, and no host saw one), well under the trickle's whole answer
                        .callDeadline(Duration.ofMillis(1500)))) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> get(api))
                    .isInstanceOf(UnreachableHostsException.class)
                    .hasMessageContaining("call deadline of 1500 ms passed")
                    .hasMessageContaining("GET /1/indexes/products/1");
            assertCutShort(start, first, second);
        }
    }

    @Test
    void requestOptionsSetTheDeadlineOfOneCall() throws Exception {
        try (FaultyHttpServer slow = new FaultyHttpServer(FaultyHttpServer.trickle(TRICKLE_MILLIS));
                ApiClient api = client(LoopbackHttp.config("key", LoopbackHttp.host("one.test", slow.port())))) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> api.request(GET)
                            .path("indexName", "i")
                            .path("objectID", "1")
                            .options(RequestOptions.builder()
                                    .callDeadline(Duration.ofMillis(700))
                                    .build())
                            .execute(FreeFormRecord.class))
                    .isInstanceOf(UnreachableHostsException.class)
                    .hasMessageContaining("call deadline of 700 ms passed");
            assertCutShort(start, slow);
        }
    }

    @Test
    void aResponseLargerThanTheCapFailsClearly() {
        byte[] big = new byte[20_000];
        Arrays.fill(big, (byte) ' ');
        big[0] = '{';
        big[big.length - 1] = '}';
        try (FaultyHttpServer server = new FaultyHttpServer(FaultyHttpServer.answer(200, "", big));
                ApiClient api = client(LoopbackHttp.config("key", LoopbackHttp.host("one.test", server.port()))
                        .maxResponseBytes(10_000))) {
            assertThatThrownBy(() -> get(api))
                    .isInstanceOf(DeserializationException.class)
                    .hasMessageContaining("larger than the 10000-byte limit");
            // the size cap is not a host fault: not retried
            assertThat(server.requests()).isEqualTo(1);
        }
        assertThat(ClientConfig.builder("a", "k").build().maxResponseBytes()).isEqualTo(100L * 1024 * 1024);
    }

    @Test
    void closeCancelsASyncCallInFlightAndRefusesLaterCalls() throws Exception {
        try (FaultyHttpServer silent = new FaultyHttpServer(FaultyHttpServer.silence(SILENCE.toMillis()))) {
            ApiClient api = client(LoopbackHttp.config("key", LoopbackHttp.host("one.test", silent.port()))
                    .readTimeout(SILENCE)
                    .closeTimeout(Duration.ZERO)); // the cancel is the subject, not the grace before it
            CompletableFuture<Throwable> inFlight = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            get(api);
                            return null;
                        } catch (RuntimeException e) {
                            return e;
                        }
                    },
                    threads);
            Eventually.waitUntil("the request to reach the silent server", () -> silent.requests() > 0);
            assertThat(silent.requests()).isEqualTo(1);
            api.close();
            assertThat(inFlight.get(SILENCE.toMillis() / 2, TimeUnit.MILLISECONDS))
                    .isInstanceOf(ClientClosedException.class)
                    .hasMessageContaining("GET /1/indexes/products/1");
            assertThatThrownBy(() -> get(api))
                    .isInstanceOf(ClientClosedException.class)
                    .hasMessageContaining("closed");
            assertThat(api.request(GET)
                            .path("indexName", "i")
                            .path("objectID", "1")
                            .executeAsync(FreeFormRecord.class))
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .withCauseInstanceOf(ClientClosedException.class);
        }
    }

    @Test
    void closeCancelsAnAsyncCallInFlightOnACallerSuppliedClient() throws Exception {
        try (FaultyHttpServer silent = new FaultyHttpServer(FaultyHttpServer.silence(SILENCE.toMillis()))) {
            ApiClient api = client(LoopbackHttp.config("key", LoopbackHttp.host("one.test", silent.port()))
                    .readTimeout(SILENCE)
                    .closeTimeout(Duration.ZERO)); // the cancel is the subject, not the grace before it
            CompletableFuture<FreeFormRecord> call = api.request(GET)
                    .path("indexName", "i")
                    .path("objectID", "1")
                    .executeAsync(FreeFormRecord.class);
            Eventually.waitUntil("the request to reach the silent server", () -> silent.requests() > 0);
            assertThat(silent.requests()).isEqualTo(1);
            api.close();
            assertThat(call)
                    .failsWithin(SILENCE.dividedBy(2))
                    .withThrowableOfType(ExecutionException.class)
                    .withCauseInstanceOf(ClientClosedException.class);
        }
    }

    @Test
    void errorMessagesNameTheRealPathAndTheRequestId() {
        byte[] body = "{\"message\":\"ObjectID does not exist\"}".getBytes(StandardCharsets.UTF_8);
        try (FaultyHttpServer server =
                        new FaultyHttpServer(FaultyHttpServer.answer(404, "X-Request-Id: req-42\r\n", body));
                ApiClient api =
                        client(LoopbackHttp.config("SECRET-KEY", LoopbackHttp.host("one.test", server.port())))) {
            assertThatThrownBy(() -> get(api)).isInstanceOfSatisfying(NotFoundException.class, e -> {
                assertThat(e.getMessage())
                        .isEqualTo(
                                "HTTP 404 on GET /1/indexes/products/1: ObjectID does not exist (request ID req-42)");
                assertThat(e.path()).isEqualTo("/1/indexes/products/1");
                assertThat(e.pathTemplate()).isEqualTo("/1/indexes/{indexName}/{objectID}");
                assertThat(e.requestId()).contains("req-42");
                assertThat(e.toString()).doesNotContain("SECRET-KEY");
            });
        }
    }

    @Test
    void aRedirectIsATypedErrorNeverAnIllegalArgument() {
        try (FaultyHttpServer server = new FaultyHttpServer(
                        FaultyHttpServer.answer(301, "Location: https://elsewhere.example/\r\n", new byte[0]));
                ApiClient api = client(LoopbackHttp.config("key", LoopbackHttp.host("one.test", server.port())))) {
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.attempts().get(0).error())
                                    .isInstanceOfSatisfying(
                                            UnexpectedStatusException.class,
                                            s -> assertThat(s.statusCode()).isEqualTo(301)));
        }
    }

    @Test
    void aNewlineInAForwardedKeyIsATypedErrorThatDoesNotEchoTheKey() {
        assertThatThrownBy(() -> RequestOptions.builder().forwardedApiKey("USER-KEY\n"))
                .isInstanceOf(InvalidRequestException.class)
                .message()
                .doesNotContain("USER-KEY");
    }
}
