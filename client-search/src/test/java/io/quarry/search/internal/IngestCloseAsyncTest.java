package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ApiClient;
import io.quarry.core.WriteRefusedException;
import io.quarry.core.testing.Eventually;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import io.quarry.search.ChunkSent;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An ingester closed without blocking: {@code closeAsync} refuses records at once and completes once every chunk
 * has ended and was told, whether chunks are in flight, failed, or it is called again; called by the listener it
 * neither throws nor waits for itself.
 */
@Timeout(20)
class IngestCloseAsyncTest {

    private static final Duration WITHIN = Duration.ofSeconds(10);

    @AutoClose
    private final ApiClient api = TestQueues.api();

    private final List<String> heard = new CopyOnWriteArrayList<>();

    private final ChunkListener recording = new ChunkListener() {
        @Override
        public void sent(ChunkSent chunk) {
            heard.add("sent " + chunk.index());
        }

        @Override
        public void acknowledged(ChunkAcknowledged chunk) {
            heard.add("acknowledged " + chunk.index());
        }

        @Override
        public void failed(ChunkFailed chunk) {
            heard.add("failed " + chunk.index());
        }
    };

    @Test
    void closingWhileChunksAreInFlightCompletesOnceTheLastIsTold() throws Exception {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 2, null, recording, sender);
        queue.add(record(0));
        queue.add(record(1));
        queue.add(record(2)); // held by the queue: two chunks are in flight

        CompletableFuture<Void> closed = queue.closeAsync();

        assertThatThrownBy(() -> queue.add(record(3)))
                .isInstanceOfSatisfying(
                        WriteRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(WriteRefusedException.Reason.CLOSED));
        sender.acknowledge(0);
        sender.nextChunk();
        sender.nextChunk();
        sender.nextChunk(); // the held record, sent once a place was free
        sender.acknowledge(1);
        Eventually.waitUntil("chunk 1 to be told acknowledged", () -> heard.contains("acknowledged 1"));
        assertThat(closed).as("chunk 2 is still in flight").isNotDone();

        sender.acknowledge(2);

        assertThat(closed).succeedsWithin(WITHIN);
        assertThat(heard)
                .containsExactly("sent 0", "sent 1", "acknowledged 0", "sent 2", "acknowledged 1", "acknowledged 2");
        assertThat(queue.progress().recordsAcknowledged()).isEqualTo(3);
    }

    @Test
    void closingAfterAFailureCompletesAndTheFailureIsTold() {
        IngestQueue queue = TestQueues.chunkPerRecord(
                api, 2, null, recording, FakeSender.failing(new IllegalStateException("no host answered")));
        queue.add(record(0));

        assertThat(queue.closeAsync()).succeedsWithin(WITHIN);
        assertThat(heard).containsExactly("sent 0", "failed 0");
        assertThat(queue.progress().recordsFailed()).isEqualTo(1);
    }

    @Test
    void closingTwiceCompletesBothAndABlockingCloseAfterReturns() {
        FakeSender sender = FakeSender.answeredByTest();
        IngestQueue queue = TestQueues.chunkPerRecord(api, 2, null, recording, sender);
        queue.add(record(0));

        CompletableFuture<Void> first = queue.closeAsync();
        CompletableFuture<Void> second = queue.closeAsync();
        assertThat(first).isNotDone();
        assertThat(second).isNotDone();
        sender.acknowledge(0);

        assertThat(first).succeedsWithin(WITHIN);
        assertThat(second).succeedsWithin(WITHIN);
        assertThat(queue.closeAsync()).as("once closed, at once").isDone();
        queue.close();
        assertThat(heard).containsExactly("sent 0", "acknowledged 0");
    }

    @Test
    void theListenerClosesWithoutWaitingForItself() {
        CompletableFuture<CompletableFuture<Void>> closedByListener = new CompletableFuture<>();
        IngestQueue[] queue = new IngestQueue[1];
        queue[0] = TestQueues.chunkPerRecord(
                api, 2, null, chunk -> closedByListener.complete(queue[0].closeAsync()), FakeSender.acknowledging());

        queue[0].add(record(0));

        assertThat(closedByListener).succeedsWithin(WITHIN);
        assertThat(closedByListener.join()).succeedsWithin(WITHIN);
        assertThatThrownBy(() -> queue[0].add(record(1))).isInstanceOf(WriteRefusedException.class);
    }
}
