package io.quarry.search.internal;

import static io.quarry.search.internal.TestQueues.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ApiClient;
import io.quarry.core.testing.CapturingLogProvider.Event;
import io.quarry.core.testing.LogCapture;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.event.Level;

/** A listener that throws on a failed chunk does not hide the chunk's own error: both are logged, the chunk's first. */
@Timeout(20)
// Alone: the log capture sees what every class running beside it logs.
@Isolated
class IngestListenerFailureLogTest {

    @AutoClose
    private final ApiClient api = TestQueues.api();

    @AutoClose
    private final LogCapture logs = LogCapture.start();

    @Test
    void theChunksErrorIsLoggedBeforeTheListenersOwn() throws Exception {
        IllegalStateException chunkError = new IllegalStateException("the service refused the chunk");
        ChunkListener listener = new ChunkListener() {
            @Override
            public void acknowledged(ChunkAcknowledged chunk) {}

            @Override
            public void failed(ChunkFailed chunk) {
                throw new IllegalArgumentException("the listener broke");
            }
        };
        IngestQueue queue = TestQueues.chunkPerRecord(api, 1, null, listener, FakeSender.failing(chunkError));
        queue.add(record(0));
        queue.flushAsync().get(10, TimeUnit.SECONDS);

        List<String> warnings = logs.events().stream()
                .filter(e -> e.logger().equals(IngestQueue.class.getName()) && e.level() == Level.WARN)
                .map(Event::message)
                .toList();
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0))
                .contains("ingester of index unit: chunk 0", "objectIDs [r0]", "the service refused the chunk");
        assertThat(warnings.get(1))
                .contains("the listener of ingester of index unit failed on failed chunk 0", "the listener broke");
        assertThat(logs.events()).extracting(Event::message).noneMatch(m -> m.contains(TestQueues.KEY));
    }
}
