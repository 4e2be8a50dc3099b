package io.quarry.core;

import static io.quarry.core.GracefulCloseTest.NEVER_REACHED;
import static io.quarry.core.GracefulCloseTest.gated;
import static io.quarry.core.GracefulCloseTest.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A {@code close()} chained on the future of an asynchronous call or composite call
 * ({@code saveObjectsAsync(records).thenRun(client::close)}) does not wait for the call it continues: the call is
 * counted out before its future completes, whether it ends or is cancelled, with or without a call observer. The
 * close timeout is minutes, so a close that waited for that call would outlast the test's patience.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // each test has a server and a client of its own
class CloseFromCallFutureTest {

    /** The test's own threads for a cancel whose continuation closes the client, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    private static final CallObserver OBSERVER = call -> ObservedCall.NONE;

    private static ApiClient client(FaultyHttpServer server, CallObserver observer) {
        ClientConfig.Builder config = LoopbackHttp.config("key", LoopbackHttp.host("one.test", server.port()))
                .readTimeout(Duration.ofMinutes(1))
                .closeTimeout(NEVER_REACHED);
        return LoopbackHttp.client((observer == null ? config : config.callObserver(observer)).build());
    }

    private static CompletableFuture<FreeFormRecord> get(CallScope scope) {
        return scope.request(GracefulCloseTest.GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .executeAsync(FreeFormRecord.class);
    }

    /** Two requests one after another, as a save of two chunks sends them. */
    private static CompletableFuture<FreeFormRecord> twoRequests(CallScope scope) {
        return get(scope).thenCompose(first -> get(scope));
    }

    private static CompletableFuture<FreeFormRecord> composite(ApiClient api) {
        return CallScope.of(api).compositeCallAsync("saveObjects", CloseFromCallFutureTest::twoRequests);
    }

    @Test
    void aCloseChainedOnACompositeCallsFutureReturnsOnceItEnds() throws Exception {
        for (CallObserver observer : new CallObserver[] {null, OBSERVER}) {
            try (FaultyHttpServer server = new FaultyHttpServer(ok())) {
                ApiClient api = client(server, observer);
                CompletableFuture<FreeFormRecord> saved = composite(api);

                CompletableFuture<Void> closed = saved.thenRun(api::close);

                assertThat(closed).as("observer " + observer).succeedsWithin(Eventually.DEFAULT_LIMIT);
                assertThat(server.requests()).isEqualTo(2);
            }
        }
    }

    @Test
    void aCloseChainedOnACompositeCallsFutureReturnsWhenItsStepsEndOnAnotherThread() throws Exception {
        for (CallObserver observer : new CallObserver[] {null, OBSERVER}) {
            try (FaultyHttpServer server = new FaultyHttpServer(ok())) {
                ApiClient api = client(server, observer);
                // the steps end on a thread of no call of theirs, as when a wait's scheduled check ends them
                CompletableFuture<FreeFormRecord> lastStep = new CompletableFuture<>();
                CompletableFuture<FreeFormRecord> saved = CallScope.of(api)
                        .compositeCallAsync("saveObjects", scope -> get(scope).thenCompose(first -> lastStep));
                CompletableFuture<Void> closed = saved.thenRun(api::close);
                Eventually.waitUntil("the request to be answered", () -> server.requests() == 1);

                threads.execute(() -> lastStep.complete(FreeFormRecord.of(Map.of("objectID", "1"))));

                assertThat(closed).as("observer " + observer).succeedsWithin(Eventually.DEFAULT_LIMIT);
            }
        }
    }

    @Test
    void aCloseChainedOnACancelledCompositeCallsFutureDoesNotWaitForItsCallsInFlight() throws Exception {
        for (CallObserver observer : new CallObserver[] {null, OBSERVER}) {
            closingOnCancel(observer, CloseFromCallFutureTest::composite);
        }
    }

    @Test
    void aCloseChainedOnACancelledCallsFutureDoesNotWaitForThatCall() throws Exception {
        for (CallObserver observer : new CallObserver[] {null, OBSERVER}) {
            closingOnCancel(observer, api -> get(CallScope.of(api)));
        }
    }

    /** Cancels a call whose request the host holds, closing the client in a continuation of its future. */
    private void closingOnCancel(CallObserver observer, Function<ApiClient, CompletableFuture<FreeFormRecord>> call)
            throws Exception {
        CountDownLatch gate = new CountDownLatch(1); // never opened: the host holds the request
        try (FaultyHttpServer server = new FaultyHttpServer(gated(gate, ok()))) {
            ApiClient api = client(server, observer);
            CompletableFuture<FreeFormRecord> saved = call.apply(api);
            CompletableFuture<Void> closed = saved.handle((record, error) -> {
                api.close();
                return null;
            });
            Eventually.waitUntil("the request to reach the host", () -> server.requests() == 1);

            // on a thread of the test's: the continuation, and so close(), runs on the cancelling thread
            CompletableFuture<Boolean> cancelled = CompletableFuture.supplyAsync(() -> saved.cancel(true), threads);

            assertThat(closed).as("observer " + observer).succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(cancelled).succeedsWithin(Eventually.DEFAULT_LIMIT).isEqualTo(true);
            assertThat(saved).isCancelled();
        }
    }
}
