package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.search.BatchOptions;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Cancelling an asynchronous chunked write once every chunk is acknowledged, while it waits for the last task, ends
 * that wait too: before, the task was polled on behind the cancelled future until the wait's policy gave up.
 */
@Timeout(10)
class ChunkedWriteCancelTest {

    @Test
    void cancellingWhileTheLastTaskIsAwaitedCancelsTheWait() {
        CompletableFuture<Object> wait = new CompletableFuture<>();
        CompletableFuture<WriteSummary> write = ChunkedWriter.writeAsync(
                "saveObjects on index products",
                List.of("a", "b", "c"),
                (records, first) -> records.stream()
                        .map(record -> BatchOperation.of(io.quarry.search.model.BatchAction.ADD_OBJECT, record))
                        .toList(),
                BatchOptions.of().chunkSize(2).waitingForTasks(),
                (operations, rounds) -> CompletableFuture.completedFuture(
                        new BatchResponse(7, operations.stream().map(o -> "id").toList())),
                taskID -> wait);

        assertThat(write).isNotDone(); // every chunk acknowledged: the task is awaited
        write.cancel(true);

        assertThat(wait).as("the wait for the last task").isCancelled();
    }
}
