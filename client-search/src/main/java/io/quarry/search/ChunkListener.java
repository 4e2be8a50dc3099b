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
 * <p>Calls for one write or ingester are never concurrent, but may come from the client's threads: a listener
 * should return quickly. A chunked write that gets an exception from its listener stops as if cancelled; an
 * ingester logs it and goes on.
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
     * A chunk is about to be sent. Does nothing unless overridden.
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
