package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.PartialWriteException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A chunk whose body is too large to be serialised ahead (over 1 MB) is streamed: its listener hears it sent before
 * its records are all written, and a record refused after that point fails the request as its body is sent. The
 * request is cut off before its end, which no server applies, so the report says the chunk was not sent: the write
 * stops with {@code SOURCE_FAILED}, naming the record, and the listener hears the chunk failed.
 */
@Timeout(60)
class ChunkedWriteStreamedRefusalContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    /** A record whose objectID is written as a number. */
    public record Numbered(long objectID, String name) {}

    /** Opened once chunk 2 is sent; {@link Held} waits for it as it is written. */
    private static final CountDownLatch LATER_CHUNK_SENT = new CountDownLatch(1);

    /** A record refused for its numeric objectID, written only once chunk 2 was sent (its name is written first). */
    public record Held(String name, long objectID) {
        @Override
        public String name() {
            try {
                LATER_CHUNK_SENT.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return name;
        }
    }

    /**
     * With two chunks in flight, the next chunk may be sent while a streamed one is being written. A record refused in
     * the streamed chunk after that cannot leave its chunk out of those sent (a later one was sent): the write stops
     * with {@code CHUNK_FAILED}, the streamed chunk among those not acknowledged, and the cause, the refusal, says
     * that chunk was cut off before its end and not applied.
     */
    @Test
    void aRecordRefusedInAStreamedBodyAfterALaterChunkWasSentIsAFailedChunkNotApplied() {
        SearchIndex index = client.index("streamed-later");
        List<Object> records = new ArrayList<>();
        records.add(Map.of("objectID", "s0", "name", "small"));
        records.add(Map.of("objectID", "s1", "name", "small"));
        records.add(Map.of("objectID", "s2", "name", "x".repeat(1_200_000)));
        records.add(new Held("refused", 3));
        records.add(Map.of("objectID", "s4", "name", "small"));
        ChunkEventLog listener = new ChunkEventLog() {
            @Override
            protected void during(String call) {
                if (call.equals("sent 2")) {
                    LATER_CHUNK_SENT.countDown();
                }
            }
        };
        BatchOptions options = BatchOptions.of()
                .chunkSize(2)
                .chunksInFlight(2)
                .waitingForTasks()
                .waitPolicy(FAST)
                .listener(listener);

        Throwable error = catchThrowable(() -> index.saveObjects(records, options));

        assertThat(error).isInstanceOfSatisfying(PartialWriteException.class, partial -> {
            assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.CHUNK_FAILED);
            assertThat(partial.getCause())
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("record 3 of the input cannot be saved, so its chunk was cut off before its"
                            + " end and not applied")
                    .hasMessageContaining("its objectID is a number, not a string");
            assertThat(partial.acknowledged())
                    .extracting(PartialWriteException.Chunk::index)
                    .containsExactly(0, 2);
            assertThat(partial.notAcknowledged())
                    .extracting(PartialWriteException.Chunk::index)
                    .containsExactly(1);
            assertThat(partial.firstUnsentRecord()).isEqualTo(5);
        });
        assertThat(listener.calls()).contains("sent 1", "sent 2", "failed 1", "acknowledged 2");
        List<String> stored = new ArrayList<>();
        index.browseObjects(FreeFormRecord.class)
                .forEach(r -> stored.add(r.objectID().orElseThrow()));
        assertThat(stored).as("the cut-off chunk was not applied").containsExactlyInAnyOrder("s0", "s1", "s4");
    }

    /** A record whose objectID is a {@code String} property: judged as its chunk is made, never as it is streamed. */
    public record Plain(String objectID, String name) {}

    /**
     * A typed record whose class writes its objectID as a {@code String} property is judged as its chunk is made:
     * refused in a chunk that would be streamed, with two chunks in flight, it is reported exactly, its chunk neither
     * sent nor told, and no later chunk sent.
     */
    @Test
    void aPlainTypedRecordRefusedInALargeChunkIsReportedExactlyWhateverTheChunksInFlight() {
        SearchIndex index = client.index("streamed-plain");
        List<Object> records = new ArrayList<>();
        records.add(Map.of("objectID", "s0", "name", "small"));
        records.add(Map.of("objectID", "s1", "name", "small"));
        records.add(Map.of("objectID", "s2", "name", "x".repeat(1_200_000)));
        records.add(new Plain("", "refused"));
        records.add(Map.of("objectID", "s4", "name", "small"));
        ChunkEventLog listener = new ChunkEventLog();
        BatchOptions options = BatchOptions.of()
                .chunkSize(2)
                .chunksInFlight(2)
                .waitingForTasks()
                .waitPolicy(FAST)
                .listener(listener);

        Throwable error = catchThrowable(() -> index.saveObjects(records, options));

        assertThat(error).isInstanceOfSatisfying(PartialWriteException.class, partial -> {
            assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
            assertThat(partial.getCause())
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("record 3 of the input cannot be saved, so its chunk was not sent")
                    .hasMessageContaining("its objectID is empty");
            assertThat(partial.acknowledged())
                    .extracting(PartialWriteException.Chunk::index)
                    .containsExactly(0);
            assertThat(partial.notAcknowledged()).isEmpty();
            assertThat(partial.firstUnsentRecord()).isEqualTo(2);
        });
        assertThat(listener.calls()).doesNotContain("sent 1", "sent 2");
        List<String> stored = new ArrayList<>();
        index.browseObjects(FreeFormRecord.class)
                .forEach(r -> stored.add(r.objectID().orElseThrow()));
        assertThat(stored).containsExactlyInAnyOrder("s0", "s1");
    }

    @ParameterizedTest(name = "async {0}")
    @ValueSource(booleans = {false, true})
    void aRecordRefusedAsALargeBodyIsStreamedLeavesItsChunkUnsent(boolean async) {
        SearchIndex index = client.index("streamed-" + async);
        List<Object> records = new ArrayList<>();
        records.add(Map.of("objectID", "s0", "name", "small"));
        records.add(Map.of("objectID", "s1", "name", "small"));
        // chunk 1: a record larger than the body buffered ahead, then one refused
        records.add(Map.of("objectID", "s2", "name", "x".repeat(1_200_000)));
        records.add(new Numbered(3, "refused"));
        ChunkEventLog listener = new ChunkEventLog();
        BatchOptions options = BatchOptions.of()
                .chunkSize(2)
                .waitingForTasks()
                .waitPolicy(FAST)
                .listener(listener);

        Throwable thrown = catchThrowable(() -> {
            if (async) {
                index.saveObjectsAsync(records, options).join();
            } else {
                index.saveObjects(records, options);
            }
        });

        Throwable error = thrown instanceof CompletionException ? thrown.getCause() : thrown;
        assertThat(error).isInstanceOfSatisfying(PartialWriteException.class, partial -> {
            assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
            assertThat(partial.getCause())
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("record 3 of the input cannot be saved, so its chunk was cut off")
                    .hasMessageContaining("its objectID is a number, not a string");
            assertThat(partial.acknowledged())
                    .extracting(PartialWriteException.Chunk::index)
                    .containsExactly(0);
            assertThat(partial.notAcknowledged()).isEmpty();
            assertThat(partial.firstUnsentRecord()).isEqualTo(2);
        });
        assertThat(listener.calls()).containsExactly("sent 0", "acknowledged 0", "sent 1", "failed 1");
        List<String> stored = new ArrayList<>();
        index.browseObjects(FreeFormRecord.class)
                .forEach(r -> stored.add(r.objectID().orElseThrow()));
        assertThat(stored).containsExactlyInAnyOrder("s0", "s1");
    }
}
