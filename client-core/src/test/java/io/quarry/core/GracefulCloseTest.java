package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * {@code close()} refuses new calls, lets the calls already made end within the close timeout, then cancels what is
 * left. The servers hold each answer until the test opens a gate, so what a close waits for is decided by counts and
 * gates, not by the clock.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // each test has servers and a client of its own
class GracefulCloseTest {

    static final Endpoint GET = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");

    static final String RECORD = "{\"objectID\":\"1\"}";

    /** A close timeout no test reaches: a close given it returns because its calls ended. */
    static final Duration NEVER_REACHED = Duration.ofMinutes(5);

    /** The test's own threads for a blocking call and for {@code close()}, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    /** How long a gated server holds an answer at most, so that no test can hang on a gate it forgot. */
    static final long GATE_GUARD_SECONDS = 50;

    /** An answer held until the gate opens; a connection dropped unanswered if it never does. */
    static FaultyHttpServer.Behaviour gated(CountDownLatch gate, FaultyHttpServer.Behaviour then) {
        return (socket, out) -> {
            try {
                if (!gate.await(GATE_GUARD_SECONDS, TimeUnit.SECONDS)) {
                    throw new IOException("the gate stayed shut");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException();
            }
            then.respond(socket, out);
        };
    }

    static FaultyHttpServer.Behaviour ok() {
        return FaultyHttpServer.answer(200, "application/json", RECORD);
    }

    static ApiClient client(Duration closeTimeout, Host... hosts) {
        return LoopbackHttp.client(LoopbackHttp.config("key", hosts)
                .readTimeout(Duration.ofMinutes(1))
                .closeTimeout(closeTimeout)
                .build());
    }

    static ApiRequest get(ApiClient api) {
        return api.request(GET).path("indexName", "products").path("objectID", "1");
    }

    /** A call made now is refused at once, as every call is once {@code close()} has begun. */
    static boolean refusesNewCalls(ApiClient api) {
        CompletableFuture<FreeFormRecord> probe = get(api).executeAsync(FreeFormRecord.class);
        return probe.isCompletedExceptionally()
                && probe.handle((value, error) -> error instanceof ClientClosedException)
                        .join();
    }

    @Test
    void closeLetsTheCallsInFlightEndThenReturns() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        try (FaultyHttpServer server = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            List<CompletableFuture<FreeFormRecord>> sentAndForgotten = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                sentAndForgotten.add(get(api).executeAsync(FreeFormRecord.class));
            }
            CompletableFuture<FreeFormRecord> blocking =
                    CompletableFuture.supplyAsync(() -> get(api).execute(FreeFormRecord.class), threads);
            Eventually.waitUntil("the four calls to reach the server", () -> server.requests() == 4);

            CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);
            Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(api));
            assertThatThrownBy(() -> get(api).execute(FreeFormRecord.class))
                    .isInstanceOf(ClientClosedException.class)
                    .hasMessageContaining("was not sent");
            assertThat(closing).as("close() waits while the answers are held").isNotDone();

            gate.countDown();
            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
            for (CompletableFuture<FreeFormRecord> call : sentAndForgotten) {
                // each call ended before close() returned; its future completes on the sender's thread
                assertThat(call)
                        .succeedsWithin(Eventually.DEFAULT_LIMIT)
                        .matches(r -> r.objectID().equals(Optional.of("1")));
            }
            assertThat(blocking).succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThatThrownBy(() -> get(api).execute(FreeFormRecord.class)).isInstanceOf(ClientClosedException.class);
        }
    }

    @Test
    void aCallMovingToTheNextHostWhileTheClientClosesStillEnds() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        try (FaultyHttpServer failing = new FaultyHttpServer(
                        gated(gate, FaultyHttpServer.answer(503, "application/json", "{\"message\":\"busy\"}")));
                FaultyHttpServer answering = new FaultyHttpServer(ok())) {
            ApiClient api = client(
                    NEVER_REACHED,
                    LoopbackHttp.host("one.test", failing.port()),
                    LoopbackHttp.host("two.test", answering.port()));
            CompletableFuture<FreeFormRecord> call = get(api).executeAsync(FreeFormRecord.class);
            Eventually.waitUntil("the call to reach the first host", () -> failing.requests() == 1);

            CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);
            Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(api));
            gate.countDown(); // the first host answers 503: the call tries the second while the client closes

            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
            // only the second host answers 200
            assertThat(call)
                    .succeedsWithin(Eventually.DEFAULT_LIMIT)
                    .matches(r -> r.objectID().equals(Optional.of("1")));
        }
    }

    @Test
    void whatIsLeftAfterTheCloseTimeoutIsCancelledAsBefore() throws Exception {
        CountDownLatch gate = new CountDownLatch(1); // never opened: the host holds its answers
        Duration closeTimeout = Duration.ofMillis(200);
        try (FaultyHttpServer held = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(closeTimeout, LoopbackHttp.host("one.test", held.port()));
            CompletableFuture<FreeFormRecord> async = get(api).executeAsync(FreeFormRecord.class);
            CompletableFuture<Throwable> blocking = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            get(api).execute(FreeFormRecord.class);
                            return null;
                        } catch (RuntimeException e) {
                            return e;
                        }
                    },
                    threads);
            Eventually.waitUntil("both calls to reach the held host", () -> held.requests() == 2);

            long start = System.nanoTime();
            api.close();
            Duration closed = Duration.ofNanos(System.nanoTime() - start);

            // it waited the close timeout out, and not much more: the answers were held for far longer
            assertThat(closed).isGreaterThanOrEqualTo(closeTimeout).isLessThan(Eventually.DEFAULT_LIMIT);
            assertThat(async)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class)
                    .withMessageContaining("was in flight");
            assertThat(blocking.get(Eventually.DEFAULT_LIMIT.toSeconds(), TimeUnit.SECONDS))
                    .isInstanceOf(ClientClosedException.class)
                    .hasMessageContaining("was in flight");
        }
    }

    @Test
    void aCloseTimeoutOfZeroCancelsAtOnce() throws Exception {
        CountDownLatch gate = new CountDownLatch(1); // never opened
        try (FaultyHttpServer held = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(Duration.ZERO, LoopbackHttp.host("one.test", held.port()));
            CompletableFuture<FreeFormRecord> call = get(api).executeAsync(FreeFormRecord.class);
            Eventually.waitUntil("the call to reach the held host", () -> held.requests() == 1);

            long start = System.nanoTime();
            api.close();

            // a close that waited would take the default close timeout at least
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(ClientConfig.DEFAULT_CLOSE_TIMEOUT);
            assertThat(call)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class)
                    .withMessageContaining("was in flight");
        }
    }

    @Test
    void aContinuationClosingTheClientDoesNotWaitForItsOwnCall() throws Exception {
        try (FaultyHttpServer server = new FaultyHttpServer(ok())) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<Void> closedAfterTheAnswer =
                    get(api).executeAsync(FreeFormRecord.class).thenRun(api::close);

            assertThat(closedAfterTheAnswer).succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(refusesNewCalls(api)).isTrue();
        }
    }

    @Test
    void theCloseTimeoutIsASettingOfItsOwn() {
        ClientConfig defaults = ClientConfig.builder("app", "key").build();
        assertThat(defaults.closeTimeout()).isEqualTo(ClientConfig.DEFAULT_CLOSE_TIMEOUT);
        assertThat(ClientConfig.DEFAULT_CLOSE_TIMEOUT).isEqualTo(Duration.ofSeconds(5));
        ClientConfig zero =
                ClientConfig.builder("app", "key").closeTimeout(Duration.ZERO).build();
        assertThat(zero.closeTimeout()).isZero();
        assertThat(zero.toBuilder().build().closeTimeout()).isZero();
        assertThatThrownBy(() -> ClientConfig.builder("app", "key").closeTimeout(Duration.ofMillis(-1)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("close timeout must not be negative, got pt-0.001s");
        assertThatThrownBy(() -> ClientConfig.builder("app", "key").closeTimeout(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("timeout");
    }
}
