package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.PartialWriteException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Response;
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
 * The write runs on a thread of the test's own, so a wedged call fails the test rather than hanging it, and a wait
 * that fails prints the listener's calls and every thread's stack.
 */
@Timeout(30)
class ChunkListenerBlockedContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final int CHUNK = 10;
    private static final int CHUNKS = 5;

    /** Counts down when the test has its write's future: the first batch's answer is held until then. */
    private final CountDownLatch writeStarted = new CountDownLatch(1);
    /** Counts down when the test has cancelled: the later batches are held until then. */
    private final CountDownLatch writeCancelled = new CountDownLatch(1);
    /** Whether batch calls are held as the two latches say (else they go through untouched). */
    private volatile boolean holdingBatches;

    private final AtomicInteger batches = new AtomicInteger();
    /**
     * Orders the batch calls without the clock: the first answer reaches the client only once the write has
     * started (so the listener is held on a client thread, not in {@code saveObjectsAsync}), the later requests
     * leave only once the test has cancelled (so they are surely in flight at the cancel).
     */
    private final Interceptor holding = chain -> {
        if (!holdingBatches || !chain.request().url().encodedPath().endsWith("/batch")) {
            return chain.proceed(chain.request());
        }
        if (batches.getAndIncrement() == 0) {
            Response answer = chain.proceed(chain.request());
            awaitOrFail(writeStarted);
            return answer;
        }
        awaitOrFail(writeCancelled);
        return chain.proceed(chain.request());
    };

    private final OkHttpClient http =
            new OkHttpClient.Builder().addInterceptor(holding).build();

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                    .httpClient(http)
                    .build());

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
    void letEverythingGo() {
        release.countDown();
        writeStarted.countDown();
        writeCancelled.countDown();
        http.connectionPool().evictAll();
    }

    private static void awaitOrFail(CountDownLatch latch) throws IOException {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("the held call was given up");
        }
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
        // of the first two chunks, whichever reaches the client first is answered once the write has started, and
        // its listener call is held; the other is held until the cancel, which ends it, and its end is to be told
        // behind the blocked call. Before, the first answer came after a 1 ms delay and the second after 5 s: on a
        // loaded machine the first could come before the write had taken its second chunk, which then waited
        // behind the held listener call inside saveObjectsAsync (see AsyncWriteStartTest), and the test hung
        holdingBatches = true;
        CompletableFuture<CompletableFuture<WriteSummary>> started =
                onOwnThread("writer", () -> index.saveObjectsAsync(records(), options()));
        waitUntil("saveObjectsAsync to return", started::isDone);
        CompletableFuture<WriteSummary> write = started.join();
        writeStarted.countDown();
        waitUntil("the listener to be held in the first chunk acknowledged", blocked::isDone);

        CompletableFuture<Boolean> cancel = onOwnThread("canceller", () -> write.cancel(true));
        waitUntil("cancel() to return while the listener is blocked", cancel::isDone);
        assertThat(cancel.join()).isTrue();
        writeCancelled.countDown();
        release.countDown();

        waitUntil("the listener to hear the end of every chunk sent", listener::everySentChunkEnded);
        assertThat(listener.problems()).as("calls %s", listener.calls()).isEmpty();
        assertThat(listener.calls())
                .containsExactly(
                        "sent 0", "sent 1", "acknowledged " + acknowledged(), "failed " + (1 - acknowledged()));
    }

    /** {@return the chunk whose acknowledgement the listener heard first} */
    private long acknowledged() {
        return listener.calls().stream()
                .filter(call -> call.startsWith("acknowledged "))
                .mapToLong(call -> Long.parseLong(call.substring("acknowledged ".length())))
                .findFirst()
                .orElse(-1);
    }

    private void waitUntil(String what, BooleanSupplier condition) throws InterruptedException {
        ExplainedWait.waitUntil(what, condition, () -> "listener calls " + listener.calls());
    }

    @Test
    void aListenerCancellingTheWriteIsNotCalledAgainInsideItsCall() throws Exception {
        // the first answer reaches the client once the test has the write's future, the others only after the cancel,
        // so the four chunks are in flight when the first one's listener cancels. Before, the first answer came after
        // a 1 ms delay: on a loaded machine it could come before the write had told the fourth chunk sent, whose
        // sending then waited behind that listener call and was never made once it cancelled
        holdingBatches = true;
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
        writeStarted.countDown();

        ExplainedWait.waitUntil(
                "the listener to hear the end of every chunk sent",
                cancelling::everySentChunkEnded,
                () -> "listener calls " + cancelling.calls());
        assertThat(cancelling.problems()).as("calls %s", cancelling.calls()).isEmpty();
        // every chunk in flight at the cancel fails
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
        waitUntil("the interrupted write to return while the listener is blocked", write::isDone);
        release.countDown();

        assertThat(write)
                .failsWithin(java.time.Duration.ZERO)
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .havingCause()
                .isInstanceOfSatisfying(
                        PartialWriteException.class,
                        e -> assertThat(e.reason()).isEqualTo(PartialWriteException.Reason.ABANDONED));
        waitUntil("the listener to hear the end of every chunk sent", listener::everySentChunkEnded);
        assertThat(listener.problems()).as("calls %s", listener.calls()).isEmpty();
    }
}
