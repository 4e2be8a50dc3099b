package io.quarry.search.internal;

import io.quarry.core.FreeFormRecord;
import io.quarry.search.BatchOptions;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Splits many record writes into batch calls of a chunk size, sends them in order, reports progress and
 * optionally waits for every task.
 */
public final class ChunkedWriter {

    private ChunkedWriter() {}

    /**
     * The operations saving records, with client-side objectIDs if asked.
     *
     * @param records the records
     * @param assign  whether records without objectID get a UUID
     * @return the operations
     */
    public static List<BatchOperation> saves(Collection<?> records, boolean assign) {
        List<BatchOperation> operations = new ArrayList<>(records.size());
        for (Object record : records) {
            Object body = assign ? withObjectID(record) : record;
            operations.add(BatchOperation.of(BatchAction.ADD_OBJECT, body));
        }
        return operations;
    }

    /**
     * The operations deleting records.
     *
     * @param objectIDs the records
     * @return the operations
     */
    public static List<BatchOperation> deletes(Collection<String> objectIDs) {
        List<BatchOperation> operations = new ArrayList<>(objectIDs.size());
        for (String id : objectIDs) {
            operations.add(BatchOperation.of(BatchAction.DELETE_OBJECT, Map.of("objectID", id)));
        }
        return operations;
    }

    /**
     * The operations updating attributes of records that carry their objectID.
     *
     * @param records           the attribute sets, each with {@code objectID}
     * @param createIfNotExists whether missing records are created
     * @return the operations
     */
    public static List<BatchOperation> partialUpdates(Collection<?> records, boolean createIfNotExists) {
        BatchAction action =
                createIfNotExists ? BatchAction.PARTIAL_UPDATE_OBJECT : BatchAction.PARTIAL_UPDATE_OBJECT_NO_CREATE;
        List<BatchOperation> operations = new ArrayList<>(records.size());
        for (Object record : records) {
            operations.add(BatchOperation.of(action, record));
        }
        return operations;
    }

    /**
     * Sends the operations chunk by chunk, blocking.
     *
     * @param operations the operations
     * @param options    chunk size, wait, listener
     * @param send       sends one batch
     * @param waitFor    waits for one task
     * @return the acknowledgement of each chunk
     */
    public static List<BatchResponse> write(
            List<BatchOperation> operations,
            BatchOptions options,
            Function<List<BatchOperation>, BatchResponse> send,
            LongFunction<?> waitFor) {
        List<BatchResponse> responses = new ArrayList<>();
        long sent = 0;
        for (List<BatchOperation> chunk : chunks(operations, options.chunkSize())) {
            responses.add(send.apply(chunk));
            sent += chunk.size();
            progress(options, sent, operations.size());
        }
        if (options.waitForTasks()) {
            responses.forEach(r -> waitFor.apply(r.taskID()));
        }
        return responses;
    }

    /**
     * Sends the operations chunk by chunk without blocking (one chunk at a time, in order).
     *
     * @param operations the operations
     * @param options    chunk size, wait, listener
     * @param send       sends one batch
     * @param waitFor    waits for one task
     * @return the future acknowledgements
     */
    public static CompletableFuture<List<BatchResponse>> writeAsync(
            List<BatchOperation> operations,
            BatchOptions options,
            Function<List<BatchOperation>, CompletableFuture<BatchResponse>> send,
            LongFunction<CompletableFuture<?>> waitFor) {
        List<BatchResponse> responses = new ArrayList<>();
        CompletableFuture<Long> chain = CompletableFuture.completedFuture(0L);
        for (List<BatchOperation> chunk : chunks(operations, options.chunkSize())) {
            chain = chain.thenCompose(sent -> send.apply(chunk).thenApply(response -> {
                responses.add(response);
                long now = sent + chunk.size();
                progress(options, now, operations.size());
                return now;
            }));
        }
        CompletableFuture<List<BatchResponse>> done = chain.thenApply(sent -> responses);
        if (!options.waitForTasks()) {
            return done;
        }
        return done.thenCompose(list -> {
            CompletableFuture<?> waits = CompletableFuture.completedFuture(null);
            for (BatchResponse r : list) {
                waits = waits.thenCompose(ignored -> waitFor.apply(r.taskID()));
            }
            return waits.thenApply(ignored -> list);
        });
    }

    private static List<List<BatchOperation>> chunks(List<BatchOperation> operations, int size) {
        List<List<BatchOperation>> chunks = new ArrayList<>();
        for (int from = 0; from < operations.size(); from += size) {
            chunks.add(operations.subList(from, Math.min(operations.size(), from + size)));
        }
        return chunks;
    }

    private static void progress(BatchOptions options, long sent, long total) {
        if (options.progressListener() != null) {
            options.progressListener().onProgress(sent, total);
        }
    }

    private static FreeFormRecord withObjectID(Object record) {
        FreeFormRecord free = FreeFormRecord.from(record);
        if (free.has(FreeFormRecord.OBJECT_ID)) {
            // present, even if not a string: the service judges it, the client does not replace it
            return free;
        }
        return free.toBuilder().objectID(UUID.randomUUID().toString()).build();
    }
}
