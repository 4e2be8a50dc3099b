package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.await;
import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ApiClient;
import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.TestThreads;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkListener;
import io.quarry.search.ChunkSent;
import io.quarry.search.WriteProgress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The ingester's listener runs on a thread of its own, outside the queue's lock: a listener held on one chunk
 * delays neither other threads' records nor the next chunks, hears every event in order, and flush and close wait
 * for it. The listener here is held on a latch the test opens.
 */
@Timeout(20)
class IngestListenerThreadTest {

    @AutoClose
    private final ApiClient api = TestQueues.api();

    /** Another producer's thread, off the common pool. */
    @RegisterExtension
    final TestThreads producers = new TestThreads();

    private final CountDownLatch listenerHeld = new CountDownLatch(1);
    private final CountDownLatch releaseListener = new CountDownLatch(1);
    private final List<String> heard = new CopyOnWriteArrayList<>();

    @AfterEach
    void letGo() {
        releaseListener.countDown();
    }

    /** Writes down what it hears, and holds on the acknowledgement of the chunk given until the test lets go. */
    private ChunkListener holdingOn(long chunkToHoldOn) {
        return new ChunkListener() {
            @Override
            public void sent(ChunkSent chunk) {
                heard.add("sent " + chunk.index());
            }

            @Override
            public void acknowledged(ChunkAcknowledged chunk) {
                heard.add("acknowledged " + chunk.index());
                if (chunk.index() == chunkToHoldOn) {
                    listenerHeld.countDown();
                    await(releaseListener);
                }
            }
        };
    }

    @Test
    void aListenerHeldOnAChunkDelaysNeitherOtherThreadsAddsNorTheNextChunks() throws Exception {
        FakeSender sender = FakeSender.acknowledging();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 2, null, holdingOn(0), sender);
        queue.add(record(0));
        assertThat(listenerHeld.await(10, TimeUnit.SECONDS)).isTrue();

        // while the listener is held: another thread's records, as many as its backlog's bound lets through (the
        // held call and two events a chunk), are all taken and each sent as a chunk
        int records = IngestQueue.LISTENER_EVENTS_PER_CALL * 2 / 2 - 1;
        producers
                .submit(() -> {
                    for (int i = 1; i <= records; i++) {
                        queue.add(record(i));
                    }
                })
                .get(10, TimeUnit.SECONDS);
        for (int i = 0; i <= records; i++) {
            sender.nextChunk();
        }
        assertThat(heard).containsExactly("sent 0", "acknowledged 0");

        releaseListener.countDown();
        WriteProgress progress = queue.flushAsync().get(10, TimeUnit.SECONDS);

        assertThat(progress.recordsAcknowledged()).isEqualTo(records + 1);
        // every event, each chunk's sent before its acknowledgement, in the order they happened
        List<String> expected = new ArrayList<>();
        for (int i = 0; i <= records; i++) {
            expected.add("sent " + i);
            expected.add("acknowledged " + i);
        }
        assertThat(heard).containsExactlyElementsOf(expected);
    }

    @Test
    void flushCompletesOnlyOnceTheListenerHeardEveryChunk() throws Exception {
        IngestQueue queue = TestQueues.chunkPerRecord(api, 4, null, holdingOn(1), FakeSender.acknowledging());
        for (int i = 0; i < 3; i++) {
            queue.add(record(i));
        }
        assertThat(listenerHeld.await(10, TimeUnit.SECONDS)).isTrue();

        // every chunk is acknowledged by now, but the listener has not heard of chunk 2 yet
        CompletableFuture<WriteProgress> flushed = queue.flushAsync();
        assertThat(flushed).isNotDone();

        releaseListener.countDown();
        flushed.get(10, TimeUnit.SECONDS);
        assertThat(heard).contains("acknowledged 2");
    }

    @Test
    void closeReturnsOnlyOnceTheListenerHeardEveryChunk() throws Exception {
        IngestQueue queue = TestQueues.chunkPerRecord(api, 4, null, holdingOn(2), FakeSender.acknowledging());
        for (int i = 0; i < 3; i++) {
            queue.add(record(i));
        }
        assertThat(listenerHeld.await(10, TimeUnit.SECONDS)).isTrue();

        Thread closer = new Thread(queue::close, "closer");
        closer.start();
        Eventually.waitUntil(
                "close to wait or return",
                () -> closer.getState() == Thread.State.WAITING || closer.getState() == Thread.State.TERMINATED);
        assertThat(closer.getState()).as("close while the listener is held").isEqualTo(Thread.State.WAITING);

        releaseListener.countDown();
        closer.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(closer.isAlive()).isFalse();
        assertThat(heard).endsWith("acknowledged 2");
    }
}
