package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.WITHIN;
import static io.quarry.search.internal.TestQueues.objectIDs;
import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ApiClient;
import io.quarry.core.testing.TestThreads;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
        IngestQueue queue = TestQueues.chunkOfThousandBytes(api, sender);
        CompletableFuture<Void> waitingBig = TestQueues.bigTwoWaiting(queue);
        Future<?> blocking = TestQueues.blockingAddWaiting(threads, queue, record(3));
        assertThat(queue.pending()).as("r3 waits behind big 2").isOne();

        waitingBig.cancel(false);

        blocking.get(WITHIN.toSeconds(), TimeUnit.SECONDS); // fits beside big 1, with no call ended
        assertThat(waitingBig).isCancelled();
        assertThat(queue.pending()).isEqualTo(2);
        sender.acknowledge(0);
        queue.flushAsync();
        assertThat(objectIDs(sender.nextChunk())).containsExactly("big0");
        assertThat(objectIDs(sender.nextChunk())).containsExactly("big1", "r3");
    }
}
