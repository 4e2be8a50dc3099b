package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.await;
import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ApiClient;
import io.quarry.core.WriteRefusedException;
import io.quarry.core.testing.Eventually;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkListener;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The events waiting for an ingester's listener are bounded: with one call in flight, a listener held on the first
 * chunk lets {@link IngestQueue#LISTENER_EVENTS_PER_CALL} events pile up (the held one and two a chunk: four more
 * chunks), then the next record waits for the listener, within the add timeout, and goes on once it catches up.
 */
@Timeout(20)
class IngestListenerBacklogTest {

    /** Records taken while the listener is held on chunk 0: 1 + 2 * 4 = 9 events, the fifth finds 9 >= 8. */
    private static final int TAKEN_WHILE_HELD = IngestQueue.LISTENER_EVENTS_PER_CALL / 2;

    @AutoClose
    private final ApiClient api = TestQueues.api();

    private final CountDownLatch listenerHeld = new CountDownLatch(1);
    private final CountDownLatch releaseListener = new CountDownLatch(1);
    private final AtomicInteger acknowledged = new AtomicInteger();

    @AfterEach
    void letGo() {
        releaseListener.countDown();
    }

    /** Counts acknowledgements and holds on chunk 0's until the test lets go. */
    private final ChunkListener heldOnTheFirstChunk = new ChunkListener() {
        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            acknowledged.incrementAndGet();
            if (chunk.index() == 0) {
                listenerHeld.countDown();
                await(releaseListener);
            }
        }
    };

    private IngestQueue queueHeldOnItsFirstChunk(Duration addTimeout) throws InterruptedException {
        IngestQueue queue =
                TestQueues.chunkPerRecord(api, 1, addTimeout, heldOnTheFirstChunk, FakeSender.acknowledging());
        queue.add(record(0));
        assertThat(listenerHeld.await(10, TimeUnit.SECONDS)).isTrue();
        for (int i = 1; i <= TAKEN_WHILE_HELD; i++) {
            queue.add(record(i));
        }
        return queue;
    }

    @Test
    void aRecordPastTheBoundWaitsForTheListenerUntilTheAddTimeout() throws Exception {
        IngestQueue queue = queueHeldOnItsFirstChunk(Duration.ofMillis(200));

        assertThatThrownBy(() -> queue.add(record(99)))
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.TIMED_OUT))
                .hasMessageContaining("its listener stayed 9 events behind");
        assertThat(queue.progress().recordsAcknowledged())
                .as("every record taken was sent and acknowledged: only the listener was behind")
                .isEqualTo(TAKEN_WHILE_HELD + 1);

        releaseListener.countDown();
        queue.add(record(100));
        queue.flushAsync().get(10, TimeUnit.SECONDS);
        assertThat(acknowledged).hasValue(TAKEN_WHILE_HELD + 2);
    }

    @Test
    void aRecordWaitingForTheListenerIsTakenOnceItCatchesUp() throws Exception {
        IngestQueue queue = queueHeldOnItsFirstChunk(null);

        Thread adding = new Thread(() -> queue.add(record(99)), "adding");
        adding.start();
        Eventually.waitUntil("the add to wait for the listener", () -> adding.getState() == Thread.State.WAITING);
        assertThat(queue.progress().recordsAcknowledged()).isEqualTo(TAKEN_WHILE_HELD + 1);

        releaseListener.countDown();
        adding.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(adding.isAlive()).isFalse();
        queue.flushAsync().get(10, TimeUnit.SECONDS);
        assertThat(acknowledged).hasValue(TAKEN_WHILE_HELD + 2);
    }

    @Test
    void anAsynchronousAddWaitingForTheListenerIsTakenOnceItCatchesUp() throws Exception {
        IngestQueue queue = queueHeldOnItsFirstChunk(null);

        CompletableFuture<Void> waiting = queue.addAsync(record(99));

        assertThat(waiting)
                .as("the listener is behind: the add waits, its call returned")
                .isNotDone();
        releaseListener.countDown();
        assertThat(waiting).succeedsWithin(Duration.ofSeconds(10));
        queue.flushAsync().get(10, TimeUnit.SECONDS);
        assertThat(acknowledged).hasValue(TAKEN_WHILE_HELD + 2);
    }
}
