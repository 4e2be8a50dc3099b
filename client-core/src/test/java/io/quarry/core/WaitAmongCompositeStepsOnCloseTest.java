package io.quarry.core;

import static io.quarry.core.GracefulCloseTest.NEVER_REACHED;
import static io.quarry.core.GracefulCloseTest.client;
import static io.quarry.core.GracefulCloseTest.refusesNewCalls;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.Polling;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A wait a helper makes as one step of a composite call made before {@code close()} (the task waits of
 * {@code replaceAllObjects}, made through the nested {@code waitForTask}) is part of that call: it goes on while close()
 * lets the calls in flight end, and the call's later steps are sent, instead of ending at once as a wait the caller
 * asked for does. Once the close timeout has passed it ends. The task is published only when the test says so, once
 * the close has begun.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // each test has a server and a client of its own
class WaitAmongCompositeStepsOnCloseTest {

    /** The test's own threads for the blocking call and for {@code close()}, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static final Endpoint TASK = Endpoint.read("getTask", "GET", "/1/indexes/products/task/7");
    private static final Endpoint MOVE = Endpoint.write("operationIndex", "POST", "/1/indexes/products_tmp/operation");
    private static final WaitPolicy SHORT_DELAYS =
            new WaitPolicy(100_000, Duration.ofMillis(20), Duration.ofMillis(20), 1);

    record Task(String status) {
        boolean published() {
            return "published".equals(status);
        }
    }

    /** Answers every call with the task's status: not published until the test publishes it. */
    private static FaultyHttpServer taskServer(AtomicBoolean published) {
        return new FaultyHttpServer((socket, out) -> FaultyHttpServer.answer(
                        200,
                        "application/json",
                        published.get() ? "{\"status\":\"published\"}" : "{\"status\":\"notPublished\"}")
                .respond(socket, out));
    }

    /** A replacement's last steps: wait for the task through the nested helper, then move. */
    private static Task waitThenMove(CallScope scope) {
        scope.compositeCall(
                "waitForTask",
                inner -> Polling.poll(
                        "task 7",
                        SHORT_DELAYS,
                        () -> Optional.of(inner.request(TASK).execute(Task.class))
                                .filter(Task::published)));
        return scope.request(MOVE).body("{}").execute(Task.class);
    }

    private static CompletableFuture<Task> waitThenMoveAsync(CallScope scope) {
        return scope.compositeCallAsync(
                        "waitForTask",
                        inner -> Polling.pollAsync(
                                "task 7",
                                SHORT_DELAYS,
                                () -> inner.request(TASK)
                                        .executeAsync(Task.class)
                                        .thenApply(task -> Optional.of(task).filter(Task::published))))
                .thenCompose(task -> scope.request(MOVE).body("{}").executeAsync(Task.class));
    }

    @Test
    void aBlockingCompositeCallsWaitGoesOnWhileCloseLetsItEnd() throws Exception {
        AtomicBoolean published = new AtomicBoolean();
        try (FaultyHttpServer server = taskServer(published)) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<Task> replaced = CompletableFuture.supplyAsync(
                    () -> CallScope.of(api)
                            .compositeCall("replaceAllObjects", WaitAmongCompositeStepsOnCloseTest::waitThenMove),
                    threads);

            closeDuringTheWait(api, server, published, replaced);
        }
    }

    @Test
    void anAsynchronousCompositeCallsWaitGoesOnWhileCloseLetsItEnd() throws Exception {
        AtomicBoolean published = new AtomicBoolean();
        try (FaultyHttpServer server = taskServer(published)) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<Task> replaced = CallScope.of(api)
                    .compositeCallAsync("replaceAllObjects", WaitAmongCompositeStepsOnCloseTest::waitThenMoveAsync);

            closeDuringTheWait(api, server, published, replaced);
        }
    }

    private void closeDuringTheWait(
            ApiClient api, FaultyHttpServer server, AtomicBoolean published, CompletableFuture<Task> replaced)
            throws Exception {
        Eventually.waitUntil("the wait to check the task", () -> server.requests() >= 1);

        CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);
        Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(api));
        assertThat(closing).as("close() waits for the composite call").isNotDone();
        published.set(true);

        assertThat(replaced).succeedsWithin(Eventually.DEFAULT_LIMIT).matches(Task::published);
        assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
    }

    @Test
    void theWaitEndsOnceTheCloseTimeoutHasPassed() throws Exception {
        AtomicBoolean published = new AtomicBoolean(); // never set: the task stays pending
        try (FaultyHttpServer server = taskServer(published)) {
            ApiClient api = client(Duration.ofMillis(300), LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<Task> blocking = CompletableFuture.supplyAsync(
                    () -> CallScope.of(api)
                            .compositeCall("replaceAllObjects", WaitAmongCompositeStepsOnCloseTest::waitThenMove),
                    threads);
            CompletableFuture<Task> async = CallScope.of(api)
                    .compositeCallAsync("replaceAllObjects", WaitAmongCompositeStepsOnCloseTest::waitThenMoveAsync);
            Eventually.waitUntil("both waits to check the task", () -> server.requests() >= 2);

            api.close();

            for (CompletableFuture<Task> replaced : List.of(blocking, async)) {
                assertThat(replaced)
                        .failsWithin(Eventually.DEFAULT_LIMIT)
                        .withThrowableOfType(ExecutionException.class)
                        .havingRootCause()
                        .isInstanceOf(ClientClosedException.class);
            }
        }
    }
}
