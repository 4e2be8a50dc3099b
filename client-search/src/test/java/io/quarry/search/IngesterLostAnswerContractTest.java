package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.WriteOutcomeUnknownException;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An ingester whose records get their objectIDs from the service, and a chunk whose answer is lost after the service
 * applied it: the chunk is not sent again (that would store its records twice), it is told to the listener as failed
 * with an outcome unknown and its operations, and the ingester goes on with the next chunks.
 */
@Timeout(60)
class IngesterLostAnswerContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey()).build());

    private final SearchIndex index = client.index("lost-answers");

    @Test
    void aChunkWhoseAnswerIsLostIsToldOnceAndNeverSentTwice() throws Exception {
        RecordingChunkListener listener = new RecordingChunkListener();
        WriteProgress progress;
        try (Ingester ingester = index.ingester(IngesterOptions.of()
                .chunkSize(10)
                .chunksInFlight(1)
                .flushInterval(Duration.ofMinutes(1))
                .serviceAssignedObjectIDs()
                .listener(listener))) {
            addRecords(ingester, 0, 10);
            ingester.flush();
            MOCK.faults().next(1, "POST", "/1/indexes/*/batch", Fault.resetAfterWrite());
            addRecords(ingester, 10, 20);
            ingester.flush();
            addRecords(ingester, 20, 30);
            progress = ingester.flush();
        }

        assertThat(progress.recordsAcknowledged()).isEqualTo(20);
        assertThat(progress.recordsFailed()).isEqualTo(10);
        assertThat(listener.failed()).singleElement().satisfies(chunk -> {
            assertThat(chunk.index()).isEqualTo(1);
            assertThat(chunk.firstRecord()).isEqualTo(10);
            assertThat(chunk.error()).isInstanceOf(WriteOutcomeUnknownException.class);
            assertThat(chunk.rounds()).as("not sent again in a later round").isOne();
            assertThat(chunk.operations()).hasSize(10);
            assertThat(chunk.objectIDs()).hasSize(10).containsOnlyNulls();
        });
        // the service applied the lost chunk once: every record is stored once, none twice
        index.waitForTask(index.deleteObject("no-such-record").taskID(), FAST);
        List<Integer> stored = new ArrayList<>();
        index.browseObjects(FreeFormRecord.class).forEach(record -> stored.add(((Number) record.get("n")).intValue()));
        assertThat(stored).hasSize(30).doesNotHaveDuplicates();
    }

    private static void addRecords(Ingester ingester, int from, int to) {
        for (int n = from; n < to; n++) {
            ingester.add(Map.of("n", n));
        }
    }
}
