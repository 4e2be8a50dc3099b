package io.quarry.core;

import static io.quarry.core.GracefulCloseTest.NEVER_REACHED;
import static io.quarry.core.GracefulCloseTest.client;
import static io.quarry.core.GracefulCloseTest.gated;
import static io.quarry.core.GracefulCloseTest.ok;
import static io.quarry.core.GracefulCloseTest.refusesNewCalls;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.CallScope;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A {@code close()} made from inside a composite call of the client being closed (a chunk listener of a large send,
 * run between two of its requests or as one of them is answered) does not wait for that very call, which cannot end
 * before close() returns: it still waits for the client's other calls, and the composite call's later requests are
 * refused. The close timeout is minutes, so a close that waited for its own composite call would outlast the test's
 * patience.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // each test has a server and a client of its own
class CloseFromOwnCompositeCallTest {

    /** The test's own threads for the blocking calls, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static ApiRequest get(CallScope scope) {
        return scope.request(GracefulCloseTest.GET)
                .path("indexName", "products")
                .path("objectID", "1");
    }

    /** Waits, inside a composite call's steps, for the server to have read this many requests. */
    private static void awaitRequests(FaultyHttpServer server, int requests) {
        try {
            Eventually.waitUntil("the other call to reach the server", () -> server.requests() == requests);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aCloseBetweenTwoRequestsOfABlockingCompositeCallWaitsOnlyForTheOtherCalls() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger answered = new AtomicInteger();
        // the composite call's first request is answered at once; the other call's is held until the gate opens
        FaultyHttpServer.Behaviour firstAtOnce = (socket, out) -> {
            if (answered.incrementAndGet() == 1) {
                ok().respond(socket, out);
            } else {
                gated(gate, ok()).respond(socket, out);
            }
        };
        try (FaultyHttpServer server = new FaultyHttpServer(firstAtOnce)) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<FreeFormRecord> other = new CompletableFuture<>();
            CountDownLatch closing = new CountDownLatch(1);
            CompletableFuture<FreeFormRecord> composite = CompletableFuture.supplyAsync(
                    () -> CallScope.of(api).compositeCall("saveObjects", scope -> {
                        get(scope).execute(FreeFormRecord.class);
                        GracefulCloseTest.get(api)
                                .executeAsync(FreeFormRecord.class)
                                .whenComplete((record, error) -> {
                                    if (error == null) {
                                        other.complete(record);
                                    } else {
                                        other.completeExceptionally(error);
                                    }
                                });
                        awaitRequests(server, 2);
                        closing.countDown();
                        api.close(); // as a chunk listener would, between two chunks
                        return get(scope).execute(FreeFormRecord.class);
                    }),
                    threads);

            assertThat(closing.await(Eventually.DEFAULT_LIMIT.toSeconds(), TimeUnit.SECONDS))
                    .isTrue();
            // a probe made before close() began is held with the other call, and delivered with it
            Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(api));
            assertThat(composite).as("close() waits for the other call").isNotDone();
            gate.countDown();

            assertThat(other).as("the other call is delivered").succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(composite)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class)
                    .withMessageContaining("was not sent");
        }
    }

    @Test
    void aCloseAsARequestOfACompositeCallIsAnsweredDoesNotWaitForThatCall() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch listening = new CountDownLatch(1);
        try (FaultyHttpServer server = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<FreeFormRecord> composite = CompletableFuture.supplyAsync(
                    () -> CallScope.of(api).compositeCall("saveObjects", scope -> {
                        // a chunk sent while others are in flight: its listener runs as it is answered, on the
                        // client's own threads
                        CompletableFuture<FreeFormRecord> chunk = get(scope)
                                .executeAsync(FreeFormRecord.class)
                                .thenApply(record -> {
                                    api.close();
                                    return record;
                                });
                        listening.countDown();
                        return chunk.join();
                    }),
                    threads);
            assertThat(listening.await(Eventually.DEFAULT_LIMIT.toSeconds(), TimeUnit.SECONDS))
                    .isTrue();
            Eventually.waitUntil("the request to reach the server", () -> server.requests() == 1);

            gate.countDown(); // the answer arrives on the client's thread, which runs the listener

            assertThat(composite).succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(refusesNewCalls(api)).isTrue();
        }
    }

    @Test
    void aCloseFromACompositeCallMadeInsideAnotherOneWaitsForNeither() throws Exception {
        try (FaultyHttpServer server = new FaultyHttpServer(ok())) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<FreeFormRecord> outer = CompletableFuture.supplyAsync(
                    () -> CallScope.of(api).compositeCall("saveObjects", scope -> {
                        get(scope).execute(FreeFormRecord.class);
                        // a chunk listener starting a helper of its own on the client, which closes it: neither call
                        // can end before close() returns
                        CallScope.of(api).compositeCall("waitForTask", inner -> {
                            api.close();
                            return null;
                        });
                        return get(scope).execute(FreeFormRecord.class);
                    }),
                    threads);

            assertThat(outer)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class)
                    .withMessageContaining("was not sent");
            assertThat(server.requests()).isEqualTo(1);
        }
    }

    @Test
    void aCompositeCallWhoseCodeClosedTheClientEndsOnAnotherThreadWhileCloseWaitsForTheOthers() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch chunkGate = new CountDownLatch(1);
        AtomicInteger answered = new AtomicInteger();
        // the composite call's request is answered once the other call is made (were it answered before its listener
        // is attached, the listener would run on the test's thread, and wait there for a call not yet made); the
        // other call's is held until the gate opens
        FaultyHttpServer.Behaviour firstAtOnce = (socket, out) -> {
            if (answered.incrementAndGet() == 1) {
                gated(chunkGate, ok()).respond(socket, out);
            } else {
                gated(gate, ok()).respond(socket, out);
            }
        };
        try (FaultyHttpServer server = new FaultyHttpServer(firstAtOnce)) {
            ApiClient api = client(NEVER_REACHED, LoopbackHttp.host("one.test", server.port()));
            CompletableFuture<Void> closing = new CompletableFuture<>();
            CompletableFuture<Void> closed = new CompletableFuture<>();
            CompletableFuture<Void> nextChunk = new CompletableFuture<>();
            CompletableFuture<FreeFormRecord> composite = CallScope.of(api).compositeCallAsync("saveObjects", scope -> {
                CompletableFuture<FreeFormRecord> first = get(scope).executeAsync(FreeFormRecord.class);
                // a chunk listener, beside the call's own chain, closes the client as the chunk is answered
                first.whenComplete((record, error) -> {
                    awaitRequests(server, 2);
                    closing.complete(null);
                    api.close();
                    closed.complete(null);
                });
                // the next chunk goes out from another thread once the close has begun
                return first.thenCombine(nextChunk, (record, go) -> record)
                        .thenCompose(record -> get(scope).executeAsync(FreeFormRecord.class));
            });
            // made once the chunk has reached the host, so that the chunk is the request answered at once
            Eventually.waitUntil("the chunk to reach the host", () -> server.requests() == 1);
            CompletableFuture<FreeFormRecord> other = GracefulCloseTest.get(api).executeAsync(FreeFormRecord.class);
            chunkGate.countDown();
            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
            Eventually.waitUntil("the closing client to refuse new calls", () -> refusesNewCalls(api));

            threads.execute(() -> nextChunk.complete(null));

            // the composite call ends on the test's thread, its next request refused: close() waits for the other
            assertThat(composite)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class)
                    .withMessageContaining("was not sent");
            assertThat(closed).as("close() waits for the other call").isNotDone();
            gate.countDown();

            assertThat(other).as("the other call is delivered").succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(closed).succeedsWithin(Eventually.DEFAULT_LIMIT);
        }
    }
}
