package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.WaitPolicy;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.model.ApiKeyInfo;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing the search client ends a wait for an API key that never comes, between two polls, with a
 * {@link ClientClosedException}, blocking and async: before, the wait slept out its delay first. The delays here are
 * ten minutes, so a wait that is not woken outlives the hang guard by far.
 */
@Timeout(120)
class WaitEndsOnCloseContractTest {

    private static final WaitPolicy TEN_MINUTES = new WaitPolicy(5, Duration.ofMinutes(10), Duration.ofMinutes(10), 1);
    /** Only against a hang: the wait ends as soon as the client closes. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    private static final String NEVER_ADDED = "0123456789abcdef0123456789abcdef";

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final MockServer server = fixture.server();
    private final MockHost first = fixture.hosts().get(0);
    /** The single calls that have ended: a poll's answer was read once its call ended. */
    private final AtomicInteger pollsAnswered = new AtomicInteger();

    private final SearchClient client = SearchClient.create(MockServerClients.builder(server, server.adminKey())
            .callObserver(call -> end -> {
                if (!call.isComposite()) {
                    pollsAnswered.incrementAndGet();
                }
            })
            .build());

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    @Test
    void closingTheClientEndsABlockingWaitForAKey() throws Exception {
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                client.apiKeys().waitForApiKey(NEVER_ADDED, ApiKeyChange.ADD, null, TEN_MINUTES);
            } catch (Throwable e) {
                ended.set(e);
            }
        });
        waiter.setDaemon(true); // a waiter left asleep must not hold the JVM open
        waiter.start();
        Eventually.waitUntil(
                "the waiter sleeps after its first poll",
                () -> first.requestCount() == 1 && waiter.getState() == Thread.State.TIMED_WAITING);

        client.close();

        waiter.join(HANG_GUARD.toMillis());
        assertThat(waiter.isAlive()).as("the waiter slept on after close()").isFalse();
        assertThat(ended.get())
                .isInstanceOf(ClientClosedException.class)
                .hasMessageStartingWith("the client was closed while waiting for");
        assertThat(first.requestCount()).isEqualTo(1);
    }

    @Test
    void closingTheClientEndsAnAsyncWaitForAKey() throws Exception {
        CompletableFuture<ApiKeyInfo> wait =
                client.apiKeys().waitForApiKeyAsync(NEVER_ADDED, ApiKeyChange.ADD, null, TEN_MINUTES);
        Eventually.waitUntil("the first poll was answered", () -> pollsAnswered.get() == 1);

        client.close();

        Throwable error;
        try {
            wait.get(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS);
            error = null;
        } catch (ExecutionException e) {
            error = e.getCause();
        }
        assertThat(error)
                .isInstanceOf(ClientClosedException.class)
                .hasMessageStartingWith("the client was closed while waiting for");
        assertThat(first.requestCount()).isEqualTo(1);
    }
}
