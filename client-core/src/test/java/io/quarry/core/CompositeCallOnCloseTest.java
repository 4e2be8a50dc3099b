package io.quarry.core;

import static io.quarry.core.GracefulCloseTest.NEVER_REACHED;
import static io.quarry.core.GracefulCloseTest.client;
import static io.quarry.core.GracefulCloseTest.gated;
import static io.quarry.core.GracefulCloseTest.ok;
import static io.quarry.core.GracefulCloseTest.refusesNewCalls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.spi.CallScope;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A composite call (a helper's several requests) made before {@code close()} began is one call in flight: its later
 * requests go through while the close timeout lasts, so a write is not cut between two of them. The server holds the
 * first request's answer until the test opens a gate, so the close surely begins between the two requests. No test
 * counts the server's requests once the close began: a probe of the refusal made just before it is sent.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // each test has a server and a client of its own
class CompositeCallOnCloseTest {

    /** The test's own threads for the blocking calls and for {@code close()}, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    /** Two requests one after another, as a send of two chunks makes them. */
    private static List<FreeFormRecord> twoRequests(CallScope scope) {
        FreeFormRecord first = scope.request(GracefulCloseTest.GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(FreeFormRecord.class);
        FreeFormRecord second = scope.request(GracefulCloseTest.GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(FreeFormRecord.class);
        return List.of(first, second);
    }

    private static CompletableFuture<List<FreeFormRecord>> twoRequestsAsync(CallScope scope) {
        return scope.request(GracefulCloseTest.GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .executeAsync(FreeFormRecord.class)
                .thenCompose(first -> scope.request(GracefulCloseTest.GET)
                        .path("indexName", "products")
                        .path("objectID", "1")
                        .executeAsync(FreeFormRecord.class)
                        .thenApply(second -> List.of(first, second)));
    }

    @Test
    void aBlockingCompositeCallMadeBeforeCloseSendsItsLaterRequests() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        try (FaultyHttpServer server = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<List<FreeFormRecord>> composite = CompletableFuture.supplyAsync(
                    () -> CallScope.of(api).compositeCall("twoRequests", CompositeCallOnCloseTest::twoRequests),
                    threads);
            Eventually.waitUntil("the first request to reach the server", () -> server.requests() == 1);

            CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);
            Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(api));
            gate.countDown();

            assertThat(composite).succeedsWithin(Eventually.DEFAULT_LIMIT).matches(both -> both.size() == 2);
            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
        }
    }

    @Test
    void anAsynchronousCompositeCallMadeBeforeCloseSendsItsLaterRequests() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        try (FaultyHttpServer server = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<List<FreeFormRecord>> composite =
                    CallScope.of(api).compositeCallAsync("twoRequests", CompositeCallOnCloseTest::twoRequestsAsync);
            Eventually.waitUntil("the first request to reach the server", () -> server.requests() == 1);

            CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);
            Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(api));
            assertThat(closing).as("close() waits for the composite call").isNotDone();
            gate.countDown();

            assertThat(composite).succeedsWithin(Eventually.DEFAULT_LIMIT).matches(both -> both.size() == 2);
            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
        }
    }

    @Test
    void aCompositeCallMadeOnceCloseHasBegunIsRefused() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        try (FaultyHttpServer server = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<FreeFormRecord> held = GracefulCloseTest.get(api).executeAsync(FreeFormRecord.class);
            Eventually.waitUntil("the call to reach the server", () -> server.requests() == 1);
            CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);
            Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(api));

            assertThatThrownBy(
                            () -> CallScope.of(api).compositeCall("twoRequests", CompositeCallOnCloseTest::twoRequests))
                    .isInstanceOf(ClientClosedException.class)
                    .hasMessageContaining("was not sent");
            assertThat(CallScope.of(api).compositeCallAsync("twoRequests", CompositeCallOnCloseTest::twoRequestsAsync))
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class);

            gate.countDown();
            assertThat(held).succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
        }
    }

    @Test
    void onAHeldHostTheCompositeCallFailsOnceTheCloseTimeoutPassed() throws Exception {
        CountDownLatch gate = new CountDownLatch(1); // never opened: the host holds its answers
        Duration closeTimeout = Duration.ofMillis(200);
        try (FaultyHttpServer held = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(closeTimeout, LoopbackHttp.host("one.test", held.port()));
            CompletableFuture<List<FreeFormRecord>> blocking = CompletableFuture.supplyAsync(
                    () -> CallScope.of(api).compositeCall("twoRequests", CompositeCallOnCloseTest::twoRequests),
                    threads);
            CompletableFuture<List<FreeFormRecord>> async =
                    CallScope.of(api).compositeCallAsync("twoRequests", CompositeCallOnCloseTest::twoRequestsAsync);
            Eventually.waitUntil("both first requests to reach the held host", () -> held.requests() == 2);

            api.close();

            for (CompletableFuture<List<FreeFormRecord>> composite : List.of(blocking, async)) {
                assertThat(composite)
                        .failsWithin(Eventually.DEFAULT_LIMIT)
                        .withThrowableOfType(ExecutionException.class)
                        .havingRootCause()
                        .isInstanceOf(ClientClosedException.class)
                        .withMessageContaining("was in flight");
            }
        }
    }
}
