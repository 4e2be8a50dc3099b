package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ApiClient;
import io.quarry.core.PreparedJson;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.search.model.BatchOperation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An asynchronous add whose caller gives up on it while it waits for room (cancels its future, or fails it as
 * {@code orTimeout} does): the record is withdrawn, never taken, so that a caller who hands it in again writes it
 * once; and it no longer holds back the adds behind it. Once taken, giving up changes nothing.
 */
@Timeout(20)
class IngestWithdrawnAddTest {

    private static final Duration WITHIN = Duration.ofSeconds(10);

    @AutoClose
    private final ApiClient api = TestQueues.api();

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @Test
    void aWaitingAddCancelledOrTimedOutByItsCallerIsNeverSent() throws Exception {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, null, null, sender);
        CompletableFuture<Void> sent = queue.addAsync(record(0));
        CompletableFuture<Void> held = queue.addAsync(record(1));
        CompletableFuture<Void> cancelled = queue.addAsync(record(2));
        CompletableFuture<Void> timedOut = queue.addAsync(record(3)); // a chunk is one record: it is refused
        assertThat(timedOut).isCompletedExceptionally();
        assertThat(cancelled).isNotDone();

        assertThat(cancelled.cancel(false)).isTrue();
        CompletableFuture<Void> givenUp = queue.addAsync(record(4));
        assertThat(givenUp)
                .as("the cancelled add freed its place among those waiting")
                .isNotDone();
        assertThat(givenUp.completeExceptionally(new TimeoutException("the caller's orTimeout")))
                .isTrue();
        CompletableFuture<Void> kept = queue.addAsync(record(5));

        assertThat(objectIDs(sender.nextChunk())).containsExactly("r0");
        sender.acknowledge(0);
        assertThat(kept).succeedsWithin(WITHIN);
        assertThat(objectIDs(sender.nextChunk())).containsExactly("r1");
        sender.acknowledge(1);
        assertThat(objectIDs(sender.nextChunk()))
                .as("neither r2 nor r4 was taken")
                .containsExactly("r5");
        sender.acknowledge(2);
        assertThat(queue.flushAsync()).succeedsWithin(WITHIN);

        assertThat(queue.progress().recordsAcknowledged()).isEqualTo(3);
        assertThat(List.of(sent, held, kept))
                .allSatisfy(taken -> assertThat(taken).isCompleted());
        assertThat(cancelled).isCancelled();
        assertThat(givenUp)
                .failsWithin(WITHIN)
                .withThrowableThat()
                .havingCause()
                .isInstanceOf(TimeoutException.class);
        assertThat(kept.cancel(false)).as("taken: giving up changes nothing").isFalse();
        assertThat(kept).isCompleted().isNotCancelled();
    }

    @Test
    void aBlockingAddBehindAWithdrawnOneGoesOnAtOnce() throws Exception {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = new IngestQueue(
                "ingester of index unit", api, true, 10, 1_000, Duration.ofHours(1), 1, null, null, sender);
        queue.add(big(0));
        queue.add(big(1)); // chunk 0 sent, big 1 held: a third big record does not fit
        CompletableFuture<Void> waitingBig = queue.addAsync(big(2));
        AtomicReference<Thread> adding = new AtomicReference<>();
        Future<?> blocking = threads.submit(() -> {
            adding.set(Thread.currentThread());
            queue.add(record(3));
        });
        Eventually.waitUntil(
                "the blocking add to wait behind the asynchronous one",
                () -> adding.get() != null && adding.get().getState() == Thread.State.WAITING);
        assertThat(queue.pending()).isOne();

        waitingBig.cancel(false);

        blocking.get(WITHIN.toSeconds(), TimeUnit.SECONDS); // fits beside big 1, with no call ended
        assertThat(waitingBig).isCancelled();
        assertThat(queue.pending()).isEqualTo(2);
        sender.acknowledge(0);
        queue.flushAsync();
        assertThat(objectIDs(sender.nextChunk())).containsExactly("big0");
        assertThat(objectIDs(sender.nextChunk())).containsExactly("big1", "r3");
    }

    private static Map<String, Object> big(int n) {
        return Map.of("objectID", "big" + n, "pad", "x".repeat(500));
    }

    private static List<String> objectIDs(List<BatchOperation> chunk) {
        return chunk.stream()
                .map(operation -> operation.body() instanceof PreparedJson prepared
                        ? prepared.objectID()
                        : String.valueOf(((Map<?, ?>) operation.body()).get("objectID")))
                .toList();
    }
}
