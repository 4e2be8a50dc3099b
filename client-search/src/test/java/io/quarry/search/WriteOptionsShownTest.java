package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The options of a chunked write and of an ingester show their settings, as request options do, for a log line. */
class WriteOptionsShownTest {

    private static final ChunkListener LISTENER = chunk -> {};

    @Test
    void batchOptionsShowTheirSettings() {
        assertThat(BatchOptions.of()).hasToString("BatchOptions{chunkSize=1000, chunksInFlight=1}");
        assertThat(BatchOptions.of()
                        .chunkSize(500)
                        .chunksInFlight(4)
                        .waitingForTasks()
                        .serviceAssignedObjectIDs()
                        .allowingEmptyIndex()
                        .listener(LISTENER))
                .hasToString("BatchOptions{chunkSize=500, chunksInFlight=4, waitingForTasks, serviceAssignedObjectIDs,"
                        + " allowingEmptyIndex, listener=set}");
    }

    @Test
    void ingesterOptionsShowTheirSettings() {
        assertThat(IngesterOptions.of())
                .hasToString(
                        "IngesterOptions{chunkSize=1000, chunkBytes=5000000, flushInterval=PT1S, chunksInFlight=4}");
        assertThat(IngesterOptions.of().addTimeout(Duration.ofSeconds(5)).listener(LISTENER))
                .hasToString("IngesterOptions{chunkSize=1000, chunkBytes=5000000, flushInterval=PT1S, chunksInFlight=4,"
                        + " addTimeout=PT5S, listener=set}");
    }
}
