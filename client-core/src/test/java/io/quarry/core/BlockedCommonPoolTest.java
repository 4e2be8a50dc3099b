package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.Polling;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * An application that keeps the common {@code ForkJoinPool} busy (a {@code supplyAsync} of a blocking call, a parallel
 * stream) holds none of a client's timed steps: the delay before an asynchronous call's next round and a wait's next
 * check run on the SDK's own threads. On JDK 25 with two processors that pool has one thread, and they waited for it.
 */
@Isolated("it blocks the JVM's common pool")
@Timeout(60)
class BlockedCommonPoolTest {

    private static final Endpoint GET = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");
    private static final String RECORD = "{\"objectID\":\"1\"}";
    /** Far longer than any step here takes: a hang guard. */
    private static final long GUARD_SECONDS = 30;

    private final CountDownLatch release = new CountDownLatch(1);

    @BeforeEach
    void blockTheCommonPool() throws InterruptedException {
        int workers = ForkJoinPool.getCommonPoolParallelism();
        AtomicInteger blocked = new AtomicInteger();
        for (int i = 0; i < workers; i++) {
            ForkJoinPool.commonPool().execute(() -> {
                blocked.incrementAndGet();
                try {
                    release.await(GUARD_SECONDS * 2, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        Eventually.waitUntil("every worker of the common pool blocked", () -> blocked.get() == workers);
    }

    @AfterEach
    void releaseTheCommonPool() {
        release.countDown();
    }

    @Test
    void anAsyncCallStartsItsNextRound() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        FaultyHttpServer.Behaviour unavailable =
                FaultyHttpServer.answer(503, "application/json", "{\"message\":\"busy\"}");
        FaultyHttpServer.Behaviour ok = FaultyHttpServer.answer(200, "application/json", RECORD);
        try (FaultyHttpServer server = new FaultyHttpServer(
                        (socket, out) -> (answered.getAndIncrement() == 0 ? unavailable : ok).respond(socket, out));
                ApiClient api =
                        LoopbackHttp.client(LoopbackHttp.config("key", LoopbackHttp.host("one.test", server.port()))
                                .build())) {
            RequestOptions rounds = RequestOptions.builder()
                    .retryRounds(RetryRounds.forOutages()
                            .waits(Duration.ofMillis(1), Duration.ofMillis(5))
                            .budget(Duration.ofSeconds(GUARD_SECONDS)))
                    .build();
            CompletableFuture<FreeFormRecord> call = api.request(GET)
                    .path("indexName", "products")
                    .path("objectID", "1")
                    .options(rounds)
                    .executeAsync(FreeFormRecord.class);

            assertThat(call.get(GUARD_SECONDS, TimeUnit.SECONDS).objectID()).contains("1");
            assertThat(server.requests())
                    .as("a round every host failed, then one answered")
                    .isEqualTo(2);
        }
    }

    @Test
    void anAsyncWaitMakesItsNextCheck() throws Exception {
        AtomicInteger checks = new AtomicInteger();
        WaitPolicy quick = new WaitPolicy(100, Duration.ofMillis(1), Duration.ofMillis(5), 2);

        CompletableFuture<String> wait = Polling.pollAsync(
                "task 7",
                quick,
                () -> CompletableFuture.completedFuture(
                        checks.incrementAndGet() < 3 ? Optional.<String>empty() : Optional.of("published")));

        assertThat(wait.get(GUARD_SECONDS, TimeUnit.SECONDS)).isEqualTo("published");
        assertThat(checks).hasValue(3);
    }
}
