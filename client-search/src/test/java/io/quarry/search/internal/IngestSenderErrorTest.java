package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ApiClient;
import io.quarry.core.testing.TestThreads;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A send that throws an {@link Error} fails its chunk and frees its place in flight: close still returns. */
@Timeout(20)
class IngestSenderErrorTest {

    /** The test's own threads for its blocking work, off the common pool. */
    @RegisterExtension
    final TestThreads threads = new TestThreads();

    @AutoClose
    private final ApiClient api = TestQueues.api();

    @Test
    void aSenderThrowingAnErrorFailsTheChunkAndCloseStillReturns() throws Exception {
        Error broken = new Error("the sender broke");
        List<ChunkFailed> failed = new CopyOnWriteArrayList<>();
        ChunkListener listener = new ChunkListener() {
            @Override
            public void acknowledged(ChunkAcknowledged chunk) {}

            @Override
            public void failed(ChunkFailed chunk) {
                failed.add(chunk);
            }
        };
        // one call in flight: a place never freed would make the second add wait for ever
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, null, listener, FakeSender.throwing(broken));
        for (int i = 0; i < 3; i++) {
            queue.add(record(i));
        }

        CompletableFuture.runAsync(queue::close, threads).get(10, TimeUnit.SECONDS);

        assertThat(queue.inFlight()).isZero();
        assertThat(queue.progress().recordsFailed()).isEqualTo(3);
        assertThat(failed).extracting(ChunkFailed::index).containsExactly(0L, 1L, 2L);
        assertThat(failed).allSatisfy(chunk -> assertThat(chunk.error()).isSameAs(broken));
    }
}
