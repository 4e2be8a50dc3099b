package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.PartialWriteException;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A chunked write's listener that blocks (told of the first chunk acknowledged, it waits for the test) holds no lock of the
 * write: cancelling the write's future, or interrupting the thread of a blocking write, returns while it is blocked.
 * Once let go, the listener hears the end of every chunk it heard was sent, once, in order. Before, the listener
 * ran under the write's lock, which {@code cancel()} and the interrupted write waited for as long as it blocked. A
 * listener that cancels the write from its call is not called again inside that call (before, the calls in flight
 * that the cancellation ended were told to it there, nested).
 * The write runs on a thread of the test's own, so a wedged call fails the test rather than hanging it.
 */
@Timeout(30)
class ChunkListenerBlockedContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final int CHUNK = 10;
    private static final int CHUNKS = 5;

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");
    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Void> blocked = new CompletableFuture<>();
    private final ChunkEventLog listener = new ChunkEventLog() {
        @Override
        protected void during(String call) {
            if (call.startsWith("acknowledged") && blocked.complete(null)) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    };

    @AfterEach
    void letTheListenerGo() {
        release.countDown();
    }

    private static List<Map<String, Object>> records() {
        return IntStream.range(0, CHUNK * CHUNKS)
                .mapToObj(i -> Map.<String, Object>of("objectID", "p" + i))
                .toList();
    }

    private BatchOptions options() {
        return BatchOptions.of().chunkSize(CHUNK).chunksInFlight(2).listener(listener);
    }

    /** Runs an action on a daemon thread of its own; the future holds what it returned or threw. */
    private static <T> CompletableFuture<T> onOwnThread(String name, java.util.concurrent.Callable<T> action) {
        CompletableFuture<T> outcome = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        outcome.complete(action.call());
                    } catch (Throwable e) {
                        outcome.completeExceptionally(e);
                    }
                },
                name);
        thread.setDaemon(true);
        thread.start();
        return outcome;
    }

    @Test
    void cancellingAnAsyncWriteReturnsWhileItsListenerIsBlocked() throws Exception {
        // of the first two chunks, whichever comes second is held: it is in flight at the cancel, which ends it, and
        // its end is to be told behind the blocked call
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.delay(Duration.ofMillis(1)));
        MOCK.faults().share(1.0, 1, "POST", "/1/indexes/*/batch", Fault.delay(Duration.ofSeconds(5)));
        CompletableFuture<WriteSummary> write = index.saveObjectsAsync(records(), options());
        blocked.join();

        CompletableFuture<Boolean> cancel = onOwnThread("canceller", () -> write.cancel(true));
        Eventually.waitUntil("cancel() to return while the listener is blocked", cancel::isDone);
        assertThat(cancel.join()).isTrue();
        release.countDown();

        Eventually.waitUntil("the listener to hear the end of every chunk sent", listener::everySentChunkEnded);
        assertThat(listener.problems()).as("calls %s", listener.calls()).isEmpty();
        assertThat(listener.calls())
                .anyMatch(call -> call.startsWith("acknowledged"))
                .anyMatch(call -> call.startsWith("failed"))
                .doesNotContain("sent " + (CHUNKS - 1));
    }

    @Test
    void aListenerCancellingTheWriteIsNotCalledAgainInsideItsCall() throws Exception {
        // every batch but the first answers late, so the others are in flight when the first one's listener cancels
        MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.delay(Duration.ofMillis(1)));
        MOCK.faults().share(1.0, 1, "POST", "/1/indexes/*/batch", Fault.delay(Duration.ofMillis(500)));
        CompletableFuture<CompletableFuture<WriteSummary>> write = new CompletableFuture<>();
        ChunkEventLog cancelling = new ChunkEventLog() {
            @Override
            protected void during(String call) {
                if (call.startsWith("acknowledged")) {
                    write.thenAccept(future -> future.cancel(true)); // once the write has started, if not yet
                }
            }
        };

        write.complete(index.saveObjectsAsync(
                records(), BatchOptions.of().chunkSize(CHUNK).chunksInFlight(4).listener(cancelling)));

        Eventually.waitUntil("the listener to hear the end of every chunk sent", cancelling::everySentChunkEnded);
        assertThat(cancelling.problems()).as("calls %s", cancelling.calls()).isEmpty();
        // every chunk in flight at the cancel fails: three, or four when the first answer came before the test had the
        // write's future to cancel and the place it freed took the last chunk meanwhile
        List<String> calls = cancelling.calls();
        assertThat(calls).contains("sent 3");
        assertThat(calls.stream().filter(call -> call.startsWith("failed")).count())
                .as("calls %s", calls)
                .isEqualTo(
                        calls.stream().filter(call -> call.startsWith("sent")).count()
                                - calls.stream()
                                        .filter(call -> call.startsWith("acknowledged"))
                                        .count());
    }

    @Test
    void interruptingABlockingWriteReturnsWhileItsListenerIsBlocked() throws Exception {
        CompletableFuture<Thread> writerThread = new CompletableFuture<>();
        CompletableFuture<WriteSummary> write = onOwnThread("writer", () -> {
            writerThread.complete(Thread.currentThread());
            return index.saveObjects(records(), options());
        });
        blocked.join();

        writerThread.join().interrupt();
        Eventually.waitUntil("the interrupted write to return while the listener is blocked", write::isDone);
        release.countDown();

        assertThat(write)
                .failsWithin(java.time.Duration.ZERO)
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .havingCause()
                .isInstanceOfSatisfying(
                        PartialWriteException.class,
                        e -> assertThat(e.reason()).isEqualTo(PartialWriteException.Reason.ABANDONED));
        Eventually.waitUntil("the listener to hear the end of every chunk sent", listener::everySentChunkEnded);
        assertThat(listener.problems()).as("calls %s", listener.calls()).isEmpty();
    }
}
