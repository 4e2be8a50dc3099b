package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.PartialWriteException;
import io.quarry.core.testing.Eventually;
import io.quarry.search.BatchOptions;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Cancelling a chunked write returns at once whatever its listener does: the cancel ends the calls in flight, and
 * the listener is told of their ends later, on a thread of the write's own. Before, when no other thread was telling
 * the listener at the time, the cancelling thread made the {@code failed} calls itself, so a slow listener held
 * {@code cancel(true)} on the write's future (or an interrupted blocking write) until it returned.
 */
@Timeout(30)
class CancelWithSlowListenerTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Thread> failedOn = new CompletableFuture<>();
    private final CompletableFuture<Void> sent = new CompletableFuture<>();

    /**
     * Slow in {@code failed}: held there until the test lets it go, whatever interrupts its thread (as a listener
     * writing to a remote sink may be).
     */
    private final ChunkListener listener = new ChunkListener() {
        @Override
        public void acknowledged(ChunkAcknowledged chunk) {}

        @Override
        public void failed(ChunkFailed chunk) {
            failedOn.complete(Thread.currentThread());
            boolean interrupted = false;
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    };

    @AfterEach
    void letTheListenerGo() {
        release.countDown();
    }

    private static List<BatchOperation> operations(List<?> records, long firstRecord) {
        return records.stream()
                .map(record -> BatchOperation.of(BatchAction.ADD_OBJECT, record))
                .toList();
    }

    /** Calls that are never answered: they end only by the cancel. */
    private BiFunction<List<BatchOperation>, ChunkRounds, CompletableFuture<BatchResponse>> unanswered() {
        return (operations, rounds) -> {
            sent.complete(null);
            return new CompletableFuture<>();
        };
    }

    private static Thread onOwnThread(String name, Runnable action) {
        Thread thread = new Thread(action, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Test
    void cancellingTheFutureReturnsWhileTheListenerIsSlowInFailed() throws Exception {
        CompletableFuture<WriteSummary> write = ChunkedWriter.writeAsync(
                "saveObjects on index products",
                List.of("a", "b"),
                CancelWithSlowListenerTest::operations,
                BatchOptions.of().chunkSize(1).chunksInFlight(2).listener(listener),
                unanswered(),
                taskID -> CompletableFuture.completedFuture(null));

        CompletableFuture<Boolean> cancelled = new CompletableFuture<>();
        Thread canceller = onOwnThread("cancelling", () -> cancelled.complete(write.cancel(true)));
        Eventually.waitUntil("cancel(true) to return while the listener is slow", cancelled::isDone);

        assertThat(cancelled.join()).isTrue();
        assertThat(write).isCancelled();
        assertThat(failedOn.get()).as("the thread told of the chunk failed").isNotSameAs(canceller);
    }

    @Test
    void anInterruptedBlockingWriteReturnsWhileTheListenerIsSlowInFailed() throws Exception {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread writer = onOwnThread("writing", () -> {
            try {
                ChunkedWriter.write(
                        "saveObjects on index products",
                        List.of("a", "b"),
                        CancelWithSlowListenerTest::operations,
                        BatchOptions.of().chunkSize(1).chunksInFlight(2).listener(listener),
                        (operations, rounds) -> {
                            throw new AssertionError("two chunks in flight: the calls are asynchronous");
                        },
                        unanswered(),
                        taskID -> null);
                outcome.complete(null);
            } catch (Throwable e) {
                outcome.complete(e);
            }
        });
        sent.join();
        Eventually.waitUntil("the writer to wait for its calls", () -> writer.getState() == Thread.State.WAITING);

        writer.interrupt();
        Eventually.waitUntil("the interrupted write to return while the listener is slow", outcome::isDone);

        assertThatThrownBy(() -> {
                    throw outcome.join();
                })
                .isInstanceOfSatisfying(
                        PartialWriteException.class,
                        e -> assertThat(e.reason()).isEqualTo(PartialWriteException.Reason.ABANDONED));
        assertThat(failedOn.get()).as("the thread told of the chunk failed").isNotSameAs(writer);
    }
}
