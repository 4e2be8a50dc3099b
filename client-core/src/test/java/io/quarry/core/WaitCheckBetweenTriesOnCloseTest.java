package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.Polling;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.TestThreads;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A helper's wait whose check call is waiting between two of its tries (for the next round of an outage, or for a
 * rate limit's reset) when its client closes ends at once, and so does the check call: it is not left counted in
 * flight until the close timeout. The waits the host's answers lead to and the close timeout are minutes, so a close
 * that waited for the check would outlast the test's patience.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // each test has a server and a client of its own
class WaitCheckBetweenTriesOnCloseTest {

    private static final Duration MINUTES = Duration.ofMinutes(4);
    private static final Duration LONGER = Duration.ofMinutes(20);
    private static final WaitPolicy TEN_MINUTES = new WaitPolicy(5, Duration.ofMinutes(10), Duration.ofMinutes(10), 1);
    private static final byte[] ERROR = "{\"message\":\"later\"}".getBytes(StandardCharsets.UTF_8);

    /** The test's own threads for the blocking wait and for {@code close()}, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    /** Every try answers 503: the check call waits minutes for its next round. */
    private static FaultyHttpServer outage() {
        return new FaultyHttpServer(FaultyHttpServer.answer(503, "", ERROR));
    }

    /** Every try answers 429, asking to come back in minutes: the check call waits for the reset. */
    private static FaultyHttpServer rateLimited() {
        return new FaultyHttpServer(FaultyHttpServer.answer(429, "Retry-After: 240\r\n", ERROR));
    }

    /** Tries ended and answered: the check call then waits, with no try in flight for close() to cancel. */
    private final AtomicInteger triesEnded = new AtomicInteger();

    private final CallObserver tries = call -> new ObservedCall() {
        @Override
        public void tryEnded(TryEnd attempt) {
            triesEnded.incrementAndGet();
        }

        @Override
        public void callEnded(CallEnd end) {
            // only the tries are counted
        }
    };

    private ApiClient client(FaultyHttpServer host) {
        return LoopbackHttp.client(LoopbackHttp.config("key", LoopbackHttp.host("one.test", host.port()))
                .callObserver(tries)
                .readTimeout(Duration.ofMinutes(1))
                .callDeadline(LONGER)
                .retryRounds(RetryRounds.forOutages().waits(MINUTES, MINUTES).budget(LONGER))
                .maxRateLimitWait(LONGER)
                .closeTimeout(GracefulCloseTest.NEVER_REACHED)
                .build());
    }

    private static ApiRequest check(CallScope scope) {
        return scope.request(GracefulCloseTest.GET)
                .path("indexName", "products")
                .path("objectID", "1");
    }

    private CompletableFuture<String> blockingWait(ApiClient api) {
        return CompletableFuture.supplyAsync(
                () -> CallScope.of(api)
                        .compositeCall(
                                "waitForTask",
                                scope -> Polling.poll(
                                        "task 7",
                                        TEN_MINUTES,
                                        () -> check(scope)
                                                .execute(FreeFormRecord.class)
                                                .objectID()
                                                .filter(found -> false))),
                threads);
    }

    private CompletableFuture<FreeFormRecord> asyncWait(ApiClient api) {
        return CallScope.of(api)
                .compositeCallAsync(
                        "waitForTask",
                        scope -> Polling.pollAsync(
                                "task 7",
                                TEN_MINUTES,
                                () -> check(scope)
                                        .executeAsync(FreeFormRecord.class)
                                        .thenApply(found -> Optional.<FreeFormRecord>empty())));
    }

    /** Closes the client once the check's first try has ended, and sees close() and the wait end at once. */
    private void closeWhileTheCheckWaits(FaultyHttpServer host, Function<ApiClient, CompletableFuture<?>> wait)
            throws Exception {
        try (host) {
            ApiClient api = client(host);
            CompletableFuture<?> waiting = wait.apply(api);
            Eventually.waitUntil("the check's first try to end", () -> triesEnded.get() == 1);

            CompletableFuture<Void> closing = CompletableFuture.runAsync(api::close, threads);

            assertThat(closing).succeedsWithin(Eventually.DEFAULT_LIMIT);
            assertThat(waiting)
                    .failsWithin(Eventually.DEFAULT_LIMIT)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(ClientClosedException.class)
                    .withMessage("the client was closed while waiting for task 7");
            assertThat(host.requests()).as("no try after the wait ended").isEqualTo(1);
        }
    }

    @Test
    void aBlockingWaitWhoseCheckWaitsForItsNextRoundEndsAtOnce() throws Exception {
        closeWhileTheCheckWaits(outage(), this::blockingWait);
    }

    @Test
    void anAsynchronousWaitWhoseCheckWaitsForItsNextRoundEndsAtOnce() throws Exception {
        closeWhileTheCheckWaits(outage(), this::asyncWait);
    }

    @Test
    void aBlockingWaitWhoseCheckWaitsForARateLimitsResetEndsAtOnce() throws Exception {
        closeWhileTheCheckWaits(rateLimited(), this::blockingWait);
    }

    @Test
    void anAsynchronousWaitWhoseCheckWaitsForARateLimitsResetEndsAtOnce() throws Exception {
        closeWhileTheCheckWaits(rateLimited(), this::asyncWait);
    }
}
