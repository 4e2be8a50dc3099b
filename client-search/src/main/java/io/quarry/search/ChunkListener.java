package io.quarry.search;

/**
 * Told of the chunks (batch calls) a chunked write or an {@link Ingester} sends: each is first sent, then either
 * acknowledged by the service or failed after the client's retries. Set with
 * {@link BatchOptions#listener(ChunkListener)} or {@link IngesterOptions#listener(ChunkListener)}; a lambda
 * implements {@link #acknowledged(ChunkAcknowledged)}, which is enough for progress:
 *
 * <pre>{@code
 * BatchOptions.of().listener(chunk -> log.info("{} records, {} per second",
 *         chunk.progress().recordsAcknowledged(), (long) chunk.progress().recordsPerSecond()));
 * }</pre>
 *
 * <p>Calls for one write or ingester are never concurrent, and a chunk's {@link #sent} comes before its
 * {@link #acknowledged} or {@link #failed}. A chunked write calls its listener on the client's threads (or the
 * writing thread), which a slow listener holds up, so it should return quickly; it is never called while the write
 * holds its own lock, nor by the thread cancelling the write, so a listener that blocks or is slow keeps neither a
 * cancellation of the write's future nor an interrupt of the writing thread waiting (the ends of the chunks a
 * cancellation cut short are told later, on a thread of the write's own); a write that is neither cancelled nor
 * interrupted ends only once its listener has been told of every chunk it sent. An ingester calls its listener on a thread of its own, in the order things
 * happen, so a slow listener delays neither the threads handing in records nor the next chunks (its calls wait
 * meanwhile, up to {@code 8 * chunksInFlight} of them: past that, records wait for the listener), and its
 * {@code flush} and {@code close} return once the listener has been told of the chunks they waited for. A chunked
 * write that gets an exception from its listener stops as if cancelled; an ingester logs it (after the chunk's own
 * error, for {@link #failed}) and goes on.
 */
@FunctionalInterface
public interface ChunkListener {

    /**
     * The service acknowledged a chunk: its answer holds the objectIDs written and the task applying them.
     *
     * @param chunk the chunk, its answer and the progress so far
     */
    void acknowledged(ChunkAcknowledged chunk);

    /**
     * A chunk is about to be sent. Does nothing unless overridden. A chunked write tells it once the chunk's body is
     * serialised, just before its first byte goes out, so a chunk holding a record refused then (see
     * {@link SearchIndex#saveObjects(Iterable, BatchOptions)}) is never told sent. A body over 1 MB is streamed rather
     * than serialised ahead: it is told sent as its serialisation reaches that size, and a record refused after that
     * point ends the chunk with {@link #failed} (its body was cut off before its end, so none of it was applied).
     *
     * @param chunk the chunk
     */
    default void sent(ChunkSent chunk) {}

    /**
     * A chunk failed after the client's retries: its records may or may not have been applied, as the error
     * says. The event holds the chunk's operations (to send again with {@link SearchIndex#batch}) and their
     * objectIDs. Does nothing unless overridden; a chunked write then also fails with a
     * {@link io.quarry.core.PartialWriteException}, while an ingester goes on with its next chunks.
     *
     * @param chunk the chunk, its operations, objectIDs and error
     */
    default void failed(ChunkFailed chunk) {}
}
