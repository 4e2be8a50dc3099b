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
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Closing a client ends every wait made inside one of its composite calls at once, between two polls, with a
 * {@link ClientClosedException}: before, a blocking wait slept out its delay and an asynchronous one ran its next
 * poll only when the delay had passed. The delays here are ten minutes, so a wait that is not woken outlives the hang
 * guards by far.
 */
class PollingClosedClientTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    private static final Endpoint TASK = Endpoint.read("getTask", "GET", "/1/indexes/books/task/7");
    private static final WaitPolicy TEN_MINUTES = new WaitPolicy(5, Duration.ofMinutes(10), Duration.ofMinutes(10), 1);
    /** Only against a hang: the wait ends as soon as the client closes. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    record Task(String status) {}

    @BeforeEach
    void notPublished() {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"status\":\"notPublished\"}")));
    }

    @Test
    void closingTheClientEndsABlockingWaitBetweenPolls() throws Exception {
        ApiClient api = client(config("key", host("a.test", WM.getPort())).build());
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
        Eventually.waitUntil(
                "the waiter sleeps after its first poll",
                () -> polls.get() == 1 && waiter.getState() == Thread.State.TIMED_WAITING);

        api.close();

        waiter.join(HANG_GUARD.toMillis());
        assertThat(waiter.isAlive()).as("the waiter slept on after close()").isFalse();
        assertThat(ended.get())
                .isInstanceOf(ClientClosedException.class)
                .hasMessage("the client was closed while waiting for task 7");
        assertThat(polls).hasValue(1);
    }

    @Test
    void closingTheClientEndsAnAsyncWaitBetweenPolls() throws Exception {
        ApiClient api = client(config("key", host("a.test", WM.getPort())).build());
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
        Eventually.waitUntil("the first poll was answered", () -> polls.get() == 1);

        api.close();

        Throwable error = catchFailure(wait);
        assertThat(error)
                .isInstanceOf(ClientClosedException.class)
                .hasMessage("the client was closed while waiting for task 7");
        assertThat(polls).hasValue(1);
    }

    @Test
    void closingTheClientEndsAnAsyncWaitStartedAfterACallOfTheSteps() throws Exception {
        ApiClient api = client(config("key", host("a.test", WM.getPort())).build());
        AtomicInteger polls = new AtomicInteger();
        // the wait starts once the first call answers, on the thread that completes it: after the steps returned
        CompletableFuture<Object> wait = CallScope.of(api)
                .compositeCallAsync(
                        "startAndWait",
                        scope -> scope.request(TASK)
                                .executeAsync(Task.class)
                                .thenCompose(started -> Polling.pollAsync(
                                        "task 7",
                                        TEN_MINUTES,
                                        () -> scope.request(TASK)
                                                .executeAsync(Task.class)
                                                .thenApply(task -> {
                                                    polls.incrementAndGet();
                                                    return Optional.empty();
                                                }))));
        Eventually.waitUntil("the first poll was answered", () -> polls.get() == 1);

        api.close();

        Throwable error = catchFailure(wait);
        assertThat(error)
                .isInstanceOf(ClientClosedException.class)
                .hasMessage("the client was closed while waiting for task 7");
        assertThat(polls).hasValue(1);
    }

    @Test
    void aWaitThatEndedLeavesNoRegistrationWithItsClient() throws Exception {
        try (ApiClient api = client(config("key", host("a.test", WM.getPort())).build())) {
            String done = CallScope.of(api)
                    .compositeCall(
                            "waitForTask", scope -> Polling.poll("task 7", TEN_MINUTES, () -> Optional.of("done")));
            Object doneAsync = CallScope.of(api)
                    .compositeCallAsync(
                            "waitForTask",
                            scope -> Polling.pollAsync(
                                    "task 7",
                                    TEN_MINUTES,
                                    () -> CompletableFuture.completedFuture(Optional.of("done"))))
                    .get(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS);

            assertThat(done).isEqualTo("done");
            assertThat(doneAsync).isEqualTo("done");
            // a long-lived client must not keep one registration per wait it ever made
            Field dependents = ApiClient.class.getDeclaredField("dependents");
            dependents.setAccessible(true);
            assertThat((Collection<?>) dependents.get(api)).isEmpty();
        }
    }

    private static Throwable catchFailure(CompletableFuture<?> future) throws Exception {
        try {
            future.get(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("the wait did not fail");
    }
}
