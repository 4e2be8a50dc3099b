package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.PartialWriteException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chunked write holding a record the SDK's mapping cannot write (an accessor that throws) refuses that record's
 * chunk before it is sent: the listener hears nothing of it, and the report says it was never sent, the chunks before
 * it acknowledged. Before, the chunk was told sent and failed while its body was serialised, so it read as a chunk
 * sent and not acknowledged, which may or may not have been applied; and before that, finding the chunk's objectIDs
 * for the listener converted that record again, which threw, so the listener never heard of the chunk's end.
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
    void theChunkIsNotSentAndTheReportSaysSo(int chunksInFlight, boolean async) throws InterruptedException {
        ChunkEventLog listener = new ChunkEventLog();
        BatchOptions options =
                BatchOptions.of().chunkSize(2).chunksInFlight(chunksInFlight).listener(listener);
        List<Object> records = List.of(
                Map.of("objectID", "p0", "name", "phone"),
                Map.of("objectID", "p1", "name", "cable"),
                new Unwritable("p2", "phone"),
                new Unwritable("p3", "case"));

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
            assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
            assertThat(partial.getCause())
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("record 2 of the input cannot be saved, so its chunk was not sent")
                    .hasMessageContaining("cannot be serialised");
            assertThat(partial.acknowledged())
                    .singleElement()
                    .satisfies(chunk -> assertThat(chunk.recordCount()).isEqualTo(2));
            assertThat(partial.notAcknowledged()).isEmpty();
            assertThat(partial.firstUnsentRecord()).isEqualTo(2);
        });
        assertThat(listener.calls()).containsExactly("sent 0", "acknowledged 0");
    }
}
