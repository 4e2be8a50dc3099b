package io.quarry.search.internal;

import io.quarry.core.spi.ObjectIDs;
import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import io.quarry.search.ChunkSent;
import io.quarry.search.WriteProgress;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The counts of one write (a chunked write or an ingester) and the events its {@link ChunkListener} is told of.
 * Not thread-safe: its owner calls it under its own lock, so the events come in the order things happened. The
 * listener it is given is therefore one that only queues each call, which the owner makes outside its lock, one at a
 * time ({@link ListenerQueue} for an ingester, {@link ChunkPump}'s own queue for a chunked write).
 */
final class ChunkEvents {

    private final ChunkListener listener;
    private final long startNanos = System.nanoTime();

    private long recordsAcknowledged;
    private long recordsFailed;
    private long chunksAcknowledged;
    private long chunksFailed;
    private long roundsWaited;
    private long lastTaskID = -1;

    ChunkEvents(ChunkListener listener) {
        this.listener = listener;
    }

    /** A chunk is about to be sent. */
    void sent(long chunk, long firstRecord, int records) {
        if (listener != null) {
            listener.sent(new ChunkSent(chunk, firstRecord, records));
        }
    }

    /**
     * The service acknowledged a chunk.
     *
     * @param rounds the rounds of tries its call took
     */
    void acknowledged(long chunk, long firstRecord, int records, BatchResponse response, int rounds) {
        recordsAcknowledged += records;
        chunksAcknowledged++;
        roundsWaited += rounds - 1;
        lastTaskID = Math.max(lastTaskID, response.taskID());
        if (listener != null) {
            listener.acknowledged(new ChunkAcknowledged(chunk, firstRecord, response, rounds, progress()));
        }
    }

    /**
     * A chunk failed after the client's retries.
     *
     * @param records    how many records it held
     * @param operations its operations, as sent; empty when they could not even be built
     * @param rounds     the rounds of tries its call took
     */
    void failed(
            long chunk, long firstRecord, int records, List<BatchOperation> operations, Throwable error, int rounds) {
        recordsFailed += records;
        chunksFailed++;
        roundsWaited += rounds - 1;
        if (listener != null) {
            List<String> objectIDs = new ArrayList<>(operations.size());
            for (BatchOperation operation : operations) {
                objectIDs.add(objectID(operation));
            }
            listener.failed(new ChunkFailed(chunk, firstRecord, operations, objectIDs, error, rounds, progress()));
        }
    }

    /**
     * The objectID of a failed chunk's operation, or null when it has none or it cannot be found: a typed record is
     * converted to find it, and a record the SDK's mapping cannot write (often why its chunk failed) fails that too,
     * which must not keep the chunk's failure from being told.
     */
    private static String objectID(BatchOperation operation) {
        try {
            return ObjectIDs.of(operation.body());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** {@return the counts so far} */
    WriteProgress progress() {
        return new WriteProgress(
                recordsAcknowledged,
                recordsFailed,
                chunksAcknowledged,
                chunksFailed,
                roundsWaited,
                Duration.ofNanos(System.nanoTime() - startNanos));
    }

    long recordsAcknowledged() {
        return recordsAcknowledged;
    }

    long chunksAcknowledged() {
        return chunksAcknowledged;
    }

    /** {@return the highest task ID acknowledged, if any} */
    OptionalLong lastTaskID() {
        return lastTaskID < 0 ? OptionalLong.empty() : OptionalLong.of(lastTaskID);
    }
}
