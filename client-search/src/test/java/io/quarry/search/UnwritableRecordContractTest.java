package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.PartialWriteException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chunked write holding a record the SDK's mapping cannot write (an accessor that throws) fails that record's
 * chunk, as a batch call of it does, and the listener is told so, with the objectIDs it could read. Before, finding
 * the chunk's objectIDs for the listener converted that record again, which threw: the listener never heard of the
 * chunk's end, and when the call failed on a client thread the asynchronous write never completed.
 */
@Timeout(30)
class UnwritableRecordContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    /** A product whose name cannot be read. */
    public record Unwritable(String objectID, String name) {
        @Override
        public String name() {
            throw new IllegalStateException("the name is not loaded");
        }
    }

    @ParameterizedTest(name = "{0} chunk(s) in flight, async {1}")
    @CsvSource({"1, false", "1, true", "2, false", "2, true"})
    void theChunkFailsAndTheListenerIsTold(int chunksInFlight, boolean async) throws InterruptedException {
        ChunkEventLog listener = new ChunkEventLog();
        RecordingChunkListener failures = new RecordingChunkListener();
        BatchOptions options = BatchOptions.of()
                .chunkSize(2)
                .chunksInFlight(chunksInFlight)
                .listener(new ChunkListener() {
                    @Override
                    public void sent(ChunkSent chunk) {
                        listener.sent(chunk);
                    }

                    @Override
                    public void acknowledged(ChunkAcknowledged chunk) {
                        listener.acknowledged(chunk);
                    }

                    @Override
                    public void failed(ChunkFailed chunk) {
                        listener.failed(chunk);
                        failures.failed(chunk);
                    }
                });
        List<Object> records = List.of(new Unwritable("p1", "phone"), new Unwritable("p2", "case"));

        Throwable thrown;
        if (async) {
            CompletableFuture<WriteSummary> write = index.saveObjectsAsync(records, options);
            ExplainedWait.waitUntil("the write to end", write::isDone, () -> "listener calls " + listener.calls());
            thrown = catchThrowable(write::join);
        } else {
            thrown = catchThrowable(() -> index.saveObjects(records, options));
        }

        Throwable error = thrown instanceof CompletionException ? thrown.getCause() : thrown;
        assertThat(error).isInstanceOfSatisfying(PartialWriteException.class, partial -> {
            assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.CHUNK_FAILED);
            assertThat(partial.getCause()).isInstanceOf(InvalidRequestException.class);
            assertThat(partial.notAcknowledged())
                    .singleElement()
                    .satisfies(chunk -> assertThat(chunk.recordCount()).isEqualTo(2));
        });
        assertThat(listener.calls()).containsExactly("sent 0", "failed 0");
        assertThat(failures.failed()).singleElement().satisfies(chunk -> {
            assertThat(chunk.error()).isInstanceOf(InvalidRequestException.class);
            assertThat(chunk.objectIDs()).containsExactly(null, null);
        });
    }
}
