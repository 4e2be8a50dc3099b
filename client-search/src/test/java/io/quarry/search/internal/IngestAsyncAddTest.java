package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.WITHIN;
import static io.quarry.search.internal.TestQueues.objectIDs;
import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ApiClient;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.WriteRefusedException;
import io.quarry.core.testing.TestThreads;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Asynchronous adds: taken at once when there is room, else waiting in memory in call order (blocking adds behind
 * them), a chunk's worth at most, refused on timeout or close; none parks a thread.
 */
@Timeout(20)
class IngestAsyncAddTest {

    @AutoClose
    private final ApiClient api = TestQueues.api();

    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @Test
    void anAddIsTakenAtOnceWhenThereIsRoomAndWaitsWithoutAThreadOtherwise() throws Exception {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, null, null, sender);

        assertThat(queue.addAsync(record(0))).isCompleted(); // sent
        assertThat(queue.addAsync(record(1))).isCompleted(); // held: one chunk is in flight
        CompletableFuture<Void> third = queue.deleteAsync("r2");
        assertThat(third).as("no room: it waits, and the call returned").isNotDone();
        assertThat(objectIDs(sender.nextChunk())).containsExactly("r0");

        sender.acknowledge(0);

        assertThat(third).succeedsWithin(WITHIN);
        assertThat(objectIDs(sender.nextChunk())).containsExactly("r1");
        assertThat(queue.pending()).isOne();
    }

    @Test
    void aBlockingAddWaitsBehindEarlierAsynchronousOnesThoughItWouldFit() throws Exception {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = TestQueues.chunkOfThousandBytes(api, sender);
        CompletableFuture<Void> waitingBig = TestQueues.bigTwoWaiting(queue);

        Future<?> blocking = TestQueues.blockingAddWaiting(threads, queue, record(3));
        assertThat(queue.pending()).as("the small record did not jump ahead").isOne();

        sender.acknowledge(0);
        assertThat(waitingBig).succeedsWithin(WITHIN);
        blocking.get(WITHIN.toSeconds(), TimeUnit.SECONDS);
        queue.flushAsync();

        assertThat(objectIDs(sender.nextChunk())).containsExactly("big0");
        assertThat(objectIDs(sender.nextChunk())).containsExactly("big1");
        sender.acknowledge(1);
        assertThat(objectIDs(sender.nextChunk())).containsExactly("big2", "r3");
    }

    @Test
    void aChunksWorthMayWaitAndTheNextIsRefusedAtOnce() throws Exception {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, null, null, sender);
        queue.addAsync(record(0));
        queue.addAsync(record(1));
        CompletableFuture<Void> waiting = queue.addAsync(record(2)); // a chunk is one record here

        CompletableFuture<Void> refused = queue.addAsync(record(3));

        assertThat(refused).isCompletedExceptionally();
        assertThatThrownBy(refused::join)
                .isInstanceOf(CompletionException.class)
                .cause()
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.TOO_MANY_WAITING))
                .hasMessageContaining("ingester of index unit did not take the record");
        assertThat(waiting).isNotDone();
        sender.acknowledge(0);
        assertThat(waiting).succeedsWithin(WITHIN);
        assertThat(queue.addAsync(record(4))).as("room to wait again").isNotDone();
    }

    @Test
    void aWaitingAddIsRefusedOnceTheAddTimeoutHasPassed() throws Exception {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, Duration.ofMillis(50), null, sender);
        queue.addAsync(record(0));
        queue.addAsync(record(1));

        CompletableFuture<Void> waiting = queue.partialUpdateAsync(record(2));

        assertThat(waiting)
                .failsWithin(WITHIN)
                .withThrowableThat()
                .havingCause()
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.TIMED_OUT));
        sender.acknowledge(0);
        assertThat(objectIDs(sender.nextChunk())).containsExactly("r0");
        assertThat(objectIDs(sender.nextChunk())).containsExactly("r1");
        assertThat(queue.pending()).as("the refused update was not taken").isZero();
    }

    @Test
    void closingRefusesTheAddsStillWaitingAndSendsWhatWasTaken() throws Exception {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, null, null, sender);
        queue.addAsync(record(0));
        queue.addAsync(record(1));
        CompletableFuture<Void> waiting = queue.addAsync(record(2));

        CompletableFuture<Void> closed = queue.closeAsync();

        assertThat(waiting)
                .failsWithin(WITHIN)
                .withThrowableThat()
                .havingCause()
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.CLOSED));
        assertThat(queue.addAsync(record(3))).isCompletedExceptionally();
        sender.acknowledge(0);
        sender.nextChunk();
        assertThat(objectIDs(sender.nextChunk())).containsExactly("r1");
        sender.acknowledge(1);
        assertThat(closed).succeedsWithin(WITHIN);
        assertThat(queue.progress().recordsAcknowledged()).isEqualTo(2);
    }

    @Test
    void aNullIsRefusedAtOnceAndABadRecordFailsTheFuture() {
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, null, null, FakeSender.acknowledging());

        assertThatThrownBy(() -> queue.addAsync(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("record");
        assertThatThrownBy(() -> queue.deleteAsync(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("objectID");
        assertThat(queue.partialUpdateAsync(Map.of("n", 1)))
                .failsWithin(WITHIN)
                .withThrowableThat()
                .havingCause()
                .isInstanceOf(InvalidRequestException.class);
        assertThat(queue.pending()).isZero();
    }
}
