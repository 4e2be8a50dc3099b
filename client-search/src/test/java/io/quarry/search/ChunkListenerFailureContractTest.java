package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.PartialWriteException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chunked write whose listener throws when told a chunk is about to be sent stops as if cancelled, before that
 * chunk: it is not sent, and its records are the first the write never sent, from which it can resume.
 */
@Timeout(30)
class ChunkListenerFailureContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final int CHUNK = 10;

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    /** A listener refusing the second chunk. */
    private static final ChunkListener REFUSING_THE_SECOND_CHUNK = new ChunkListener() {
        @Override
        public void acknowledged(ChunkAcknowledged chunk) {}

        @Override
        public void sent(ChunkSent chunk) {
            if (chunk.index() == 1) {
                throw new IllegalStateException("the progress sink is gone");
            }
        }
    };

    @ParameterizedTest(name = "{0} chunk(s) in flight, async {1}")
    @CsvSource({"1, false", "1, true", "3, false"})
    void aListenerFailingOnAChunkAboutToBeSentStopsTheWriteBeforeIt(int chunksInFlight, boolean async)
            throws Exception {
        List<Map<String, Object>> records = IntStream.range(0, 5 * CHUNK)
                .mapToObj(i -> Map.<String, Object>of("objectID", "p" + i))
                .toList();
        BatchOptions options = BatchOptions.of()
                .chunkSize(CHUNK)
                .chunksInFlight(chunksInFlight)
                .listener(REFUSING_THE_SECOND_CHUNK);

        PartialWriteException stopped = async
                ? (PartialWriteException) catchThrowableOfType(
                                ExecutionException.class,
                                () -> index.saveObjectsAsync(records, options).get(20, TimeUnit.SECONDS))
                        .getCause()
                : catchThrowableOfType(PartialWriteException.class, () -> index.saveObjects(records, options));

        assertThat(stopped.reason()).isEqualTo(PartialWriteException.Reason.ABANDONED);
        assertThat(stopped.getCause()).hasMessage("the progress sink is gone");
        assertThat(stopped.firstUnsentRecord()).isEqualTo(CHUNK);
        assertThat(stopped.chunks())
                .extracting(PartialWriteException.Chunk::index)
                .containsExactly(0);
        index.waitForTask(index.deleteObject("no-such-record").taskID(), TestWaits.FAST);
        assertThat(StreamSupport.stream(
                        index.browseObjects(FreeFormRecord.class).spliterator(), false))
                .as("the records stored")
                .hasSize(CHUNK);
    }
}
