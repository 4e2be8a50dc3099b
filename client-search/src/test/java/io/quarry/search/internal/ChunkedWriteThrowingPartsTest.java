package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.PartialWriteException;
import io.quarry.search.BatchOptions;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a chunked write does when a part it does not own throws where it did not expect it, on a client thread (a
 * call's completion), where nothing reports what escapes. Before, the write's future never completed: a source
 * throwing an {@link Error} left the run pumping forever, and a failed chunk whose record could not be converted to
 * find its objectID (the very reason its call failed) ended the completion before the run could end.
 */
@Timeout(10)
class ChunkedWriteThrowingPartsTest {

    /** A record the SDK's mapping cannot write: its accessor throws. */
    public record Unwritable(String objectID, String name) {
        @Override
        public String name() {
            throw new IllegalStateException("no name");
        }
    }

    private final List<CompletableFuture<BatchResponse>> calls = new CopyOnWriteArrayList<>();

    private CompletableFuture<WriteSummary> write(Iterable<?> records, BatchOptions options) {
        return write(records, options, taskID -> CompletableFuture.completedFuture(null));
    }

    private CompletableFuture<WriteSummary> write(
            Iterable<?> records, BatchOptions options, LongFunction<CompletableFuture<?>> waitFor) {
        return ChunkedWriter.writeAsync(
                "saveObjects on index products",
                records,
                (chunk, first) -> chunk.stream()
                        .map(record -> BatchOperation.of(BatchAction.ADD_OBJECT, record))
                        .toList(),
                options,
                (operations, rounds) -> {
                    CompletableFuture<BatchResponse> call = new CompletableFuture<>();
                    calls.add(call);
                    return call;
                },
                waitFor);
    }

    private static PartialWriteException partial(CompletableFuture<WriteSummary> write) {
        assertThat(write).isCompletedExceptionally();
        Throwable error = write.handle((summary, e) -> e).join();
        assertThat(error).isInstanceOf(CompletionException.class);
        assertThat(error.getCause()).isInstanceOf(PartialWriteException.class);
        return (PartialWriteException) error.getCause();
    }

    @Test
    void aSourceThrowingAnErrorOnAClientThreadEndsTheWrite() {
        AssertionError broken = new AssertionError("the source broke");
        Iterable<String> records = () -> new Iterator<>() {
            private int read;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public String next() {
                if (read == 1) {
                    throw broken;
                }
                return "r" + read++;
            }
        };
        CompletableFuture<WriteSummary> write = write(records, BatchOptions.of().chunkSize(1));

        // the first chunk's answer, on this thread as on a client's, reads the next chunk from the source
        calls.get(0).complete(new BatchResponse(1, List.of("id")));

        PartialWriteException partial = partial(write);
        assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
        assertThat(partial.getCause()).isSameAs(broken);
        assertThat(partial.acknowledgedRecords()).isEqualTo(1);
        assertThat(partial.firstUnsentRecord()).isEqualTo(1);
    }

    @Test
    void aFailedChunkWhoseRecordCannotBeConvertedIsToldAndEndsTheWrite() {
        List<ChunkFailed> failed = new ArrayList<>();
        ChunkListener listener = new ChunkListener() {
            @Override
            public void acknowledged(io.quarry.search.ChunkAcknowledged chunk) {}

            @Override
            public void failed(ChunkFailed chunk) {
                failed.add(chunk);
            }
        };
        CompletableFuture<WriteSummary> write = write(
                List.of(new Unwritable("a", "A"), Map.of("objectID", "b")),
                BatchOptions.of().chunkSize(2).listener(listener));
        IllegalStateException unwritable = new IllegalStateException("request body cannot be serialised");

        // the call fails after the write has started, on this thread as on a client's
        calls.get(0).completeExceptionally(unwritable);

        PartialWriteException partial = partial(write);
        assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.CHUNK_FAILED);
        assertThat(partial.getCause()).isSameAs(unwritable);
        assertThat(failed).singleElement().satisfies(chunk -> {
            assertThat(chunk.error()).isSameAs(unwritable);
            assertThat(chunk.objectIDs()).containsExactly(null, "b");
        });
    }

    @Test
    void aWaitForTheLastTaskThatThrowsKeepsTheReportOfTheChunks() {
        IllegalStateException refused = new IllegalStateException("the wait was refused");
        CompletableFuture<WriteSummary> write = write(
                List.of("a", "b"),
                BatchOptions.of().chunkSize(1).chunksInFlight(2).waitingForTasks(),
                taskID -> {
                    throw refused;
                });

        calls.get(0).complete(new BatchResponse(1, List.of("a")));
        IllegalStateException lost = new IllegalStateException("the answer was lost");
        calls.get(1).completeExceptionally(lost);

        PartialWriteException partial = partial(write);
        assertThat(partial.getCause()).isSameAs(lost);
        assertThat(partial.acknowledgedRecords()).isEqualTo(1);
        assertThat(partial.notAcknowledged())
                .singleElement()
                .satisfies(chunk -> assertThat(chunk.index()).isEqualTo(1));
        assertThat(partial.getSuppressed()).contains(refused);
    }
}
