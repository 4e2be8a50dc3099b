package io.quarry.core.spi;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ApiClient;
import io.quarry.core.ClientClosedException;
import io.quarry.core.Endpoint;
import io.quarry.core.WaitPolicy;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.LoopbackHttp;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A wait that starts while {@code close()} is under way, after it took the list of what to close and before it closed
 * the transport, still ends at once: before, its registration came too late to be closed, its first poll was answered
 * by the still open transport, and it slept out its delay. The seam is a resource registered with the client whose
 * close holds {@code close()} at that point (as an ingester sending what it holds does). The delays are ten minutes,
 * so a wait that is not woken outlives the hang guard by far.
 */
class PollingCloseRaceTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    private static final Endpoint TASK = Endpoint.read("getTask", "GET", "/1/indexes/books/task/7");
    private static final WaitPolicy TEN_MINUTES = new WaitPolicy(5, Duration.ofMinutes(10), Duration.ofMinutes(10), 1);
    /** Only against a hang: the wait ends as soon as the client's close is let go on. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    record Task(String status) {}

    private final CountDownLatch closing = new CountDownLatch(1);
    private final CountDownLatch letCloseGoOn = new CountDownLatch(1);
    private ApiClient api;
    private Thread closer;

    @BeforeEach
    void closeHeldAfterItsListWasTaken() throws InterruptedException {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"status\":\"notPublished\"}")));
        api = client(config("key", host("a.test", WM.getPort())).build());
        api.onClose(() -> {
            closing.countDown();
            letCloseGoOn.await();
        });
        closer = new Thread(api::close, "closer");
        closer.setDaemon(true);
        closer.start();
        assertThat(closing.await(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS))
                .as("close() reached the registered resource")
                .isTrue();
    }

    @AfterEach
    void letCloseEnd() throws InterruptedException {
        letCloseGoOn.countDown();
        closer.join(HANG_GUARD.toMillis());
    }

    @Test
    void aBlockingWaitStartedWhileTheClientClosesEndsWithTheClose() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                CallScope.of(api)
                        .compositeCall(
                                "waitForTask",
                                scope -> Polling.poll("task 7", TEN_MINUTES, () -> {
                                    scope.request(TASK).execute(Task.class);
                                    polls.incrementAndGet();
                                    return Optional.empty();
                                }));
            } catch (Throwable e) {
                ended.set(e);
            }
        });
        waiter.setDaemon(true); // a waiter left asleep must not hold the JVM open
        waiter.start();

        // found closed before its first poll, as an asynchronous wait is: no poll is made for a wait already ended
        waiter.join(HANG_GUARD.toMillis());
        assertThat(waiter.isAlive())
                .as("the waiter slept on while close() was under way")
                .isFalse();
        assertThat(ended.get())
                .isInstanceOf(ClientClosedException.class)
                .hasMessage("the client was closed while waiting for task 7");
        assertThat(polls).hasValue(0);
        letCloseGoOn.countDown();
    }

    @Test
    void anAsyncWaitStartedWhileTheClientClosesEndsWithTheClose() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        CompletableFuture<Object> wait = CallScope.of(api)
                .compositeCallAsync(
                        "waitForTask",
                        scope -> Polling.pollAsync(
                                "task 7",
                                TEN_MINUTES,
                                () -> scope.request(TASK)
                                        .executeAsync(Task.class)
                                        .thenApply(task -> {
                                            polls.incrementAndGet();
                                            return Optional.empty();
                                        })));
        // found closed before its first poll, or answered by the transport still open
        Eventually.waitUntil("the first poll was answered or the wait ended", () -> polls.get() == 1 || wait.isDone());

        letCloseGoOn.countDown();

        Throwable error;
        try {
            wait.get(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS);
            throw new AssertionError("the wait did not fail");
        } catch (ExecutionException e) {
            error = e.getCause();
        }
        assertThat(error)
                .isInstanceOf(ClientClosedException.class)
                .hasMessage("the client was closed while waiting for task 7");
        assertThat(polls.get()).isLessThanOrEqualTo(1);
    }
}
