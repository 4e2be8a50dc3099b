package io.quarry.core;

import static io.quarry.core.GracefulCloseTest.NEVER_REACHED;
import static io.quarry.core.GracefulCloseTest.client;
import static io.quarry.core.GracefulCloseTest.gated;
import static io.quarry.core.GracefulCloseTest.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.Polling;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A helper's wait whose check is in flight when its client closes ends at once, as one between two checks does: a
 * wait delivers nothing, so its check is cancelled rather than given the close timeout. The host holds the check's
 * answer until a gate that never opens, and the close timeout is minutes, so a close that waited for the check would
 * outlast the test's patience.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // each test has a server and a client of its own
class WaitCheckOnCloseTest {

    /** The test's own threads for the blocking wait and for {@code close()}, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static final WaitPolicy TEN_MINUTES = new WaitPolicy(5, Duration.ofMinutes(10), Duration.ofMinutes(10), 1);

    @Test
    void aBlockingWaitWhoseCheckIsInFlightEndsAtOnce() throws Exception {
        CountDownLatch gate = new CountDownLatch(1); // never opened: the host holds the check
        try (FaultyHttpServer held = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", held.port()));
            CompletableFuture<String> waiting = CompletableFuture.supplyAsync(
                    () -> CallScope.of(api)
                            .compositeCall(
                                    "waitForTask",
                                    scope -> Polling.poll(
                                            "task 7",
                                            TEN_MINUTES,
                                            () -> scope.request(GracefulCloseTest.GET)
                                                    .path("indexName", "products")
                                                    .path("objectID", "1")
                                                    .execute(FreeFormRecord.class)
                                                    .objectID()
                                                    .filter(found -> false))),
                    threads);
            Eventually.waitUntil("the check to reach the host", () -> held.requests() == 1);

            CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);

            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(waiting)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class)
                    .withMessage("the client was closed while waiting for task 7");
        }
    }

    @Test
    void anAsynchronousWaitWhoseCheckIsInFlightEndsAtOnce() throws Exception {
        CountDownLatch gate = new CountDownLatch(1); // never opened: the host holds the check
        try (FaultyHttpServer held = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", held.port()));
            CompletableFuture<FreeFormRecord> waiting = CallScope.of(api)
                    .compositeCallAsync(
                            "waitForTask",
                            scope -> Polling.pollAsync(
                                    "task 7",
                                    TEN_MINUTES,
                                    () -> scope.request(GracefulCloseTest.GET)
                                            .path("indexName", "products")
                                            .path("objectID", "1")
                                            .executeAsync(FreeFormRecord.class)
                                            .thenApply(found -> Optional.<FreeFormRecord>empty())));
            Eventually.waitUntil("the check to reach the host", () -> held.requests() == 1);

            CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);

            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(waiting)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class)
                    .withMessage("the client was closed while waiting for task 7");
        }
    }
}
