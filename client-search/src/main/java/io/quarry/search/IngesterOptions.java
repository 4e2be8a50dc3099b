package io.quarry.search;

import io.quarry.core.InvalidRequestException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How an {@link Ingester} cuts and sends chunks. Immutable; each method returns a copy. Defaults: a chunk is sent
 * once it holds 1000 records or 5 MB of records, or when its first record has waited 1 s; 4 chunks in flight at
 * most, then {@code add} waits for room without a time limit; client-side objectIDs for records without one (so a
 * retried chunk cannot duplicate records); no listener (failed chunks are logged). Two options are equal when every
 * setting is (a listener by its own {@code equals}: a lambda equals only itself).
 */
public final class IngesterOptions {

    private static final IngesterOptions DEFAULTS =
            new IngesterOptions(1000, 5_000_000, Duration.ofSeconds(1), 4, null, null, true);

    private final int chunkSize;
    private final long chunkBytes;
    private final Duration flushInterval;
    private final int chunksInFlight;
    private final Duration addTimeout;
    private final ChunkListener listener;
    private final boolean assignObjectIDs;

    private IngesterOptions(
            int chunkSize,
            long chunkBytes,
            Duration flushInterval,
            int chunksInFlight,
            Duration addTimeout,
            ChunkListener listener,
            boolean assignObjectIDs) {
        this.chunkSize = chunkSize;
        this.chunkBytes = chunkBytes;
        this.flushInterval = flushInterval;
        this.chunksInFlight = chunksInFlight;
        this.addTimeout = addTimeout;
        this.listener = listener;
        this.assignObjectIDs = assignObjectIDs;
    }

    /** {@return the defaults} */
    public static IngesterOptions of() {
        return DEFAULTS;
    }

    /**
     * Sets {@code chunkSize}: a chunk is sent once it holds this many records.
     *
     * @param records records per chunk, at least 1
     * @return a copy
     * @throws InvalidRequestException when {@code records} is below 1
     */
    public IngesterOptions chunkSize(int records) {
        if (records < 1) {
            throw new InvalidRequestException("chunk size must be at least 1");
        }
        return new IngesterOptions(
                records, chunkBytes, flushInterval, chunksInFlight, addTimeout, listener, assignObjectIDs);
    }

    /**
     * Sets {@code chunkBytes}: a chunk is sent once its records' JSON reaches this many bytes; a record that would
     * take it over starts the next chunk (a record larger than this goes alone).
     *
     * @param bytes bytes of records per chunk, at least 1
     * @return a copy
     * @throws InvalidRequestException when {@code bytes} is below 1
     */
    public IngesterOptions chunkBytes(long bytes) {
        if (bytes < 1) {
            throw new InvalidRequestException("chunk bytes must be at least 1");
        }
        return new IngesterOptions(
                chunkSize, bytes, flushInterval, chunksInFlight, addTimeout, listener, assignObjectIDs);
    }

    /**
     * Sets {@code flushInterval}: a chunk is sent once its first record has waited this long, full or not, so a
     * trickle of records still reaches the index.
     *
     * @param interval a positive duration
     * @return a copy
     * @throws InvalidRequestException when {@code interval} is not positive
     */
    public IngesterOptions flushInterval(Duration interval) {
        if (Objects.requireNonNull(interval, "interval").isNegative() || interval.isZero()) {
            throw new InvalidRequestException("flush interval must be positive");
        }
        return new IngesterOptions(
                chunkSize, chunkBytes, interval, chunksInFlight, addTimeout, listener, assignObjectIDs);
    }

    /**
     * Sets {@code chunksInFlight}: how many batch calls may be under way at once. When that many are and the next
     * chunk is full, {@code add}, {@code partialUpdate} and {@code delete} wait for one to end (backpressure), so
     * at most {@code chunks + 1} chunks of records are held, however fast records are handed in. With more than
     * one, chunks may be applied in any order: writes of one objectID that must apply in order need 1.
     *
     * @param chunks calls at once, from 1 to {@link BatchOptions#MAX_CHUNKS_IN_FLIGHT}
     * @return a copy
     * @throws InvalidRequestException when {@code chunks} is out of that range
     */
    public IngesterOptions chunksInFlight(int chunks) {
        if (chunks < 1 || chunks > BatchOptions.MAX_CHUNKS_IN_FLIGHT) {
            throw new InvalidRequestException(
                    "chunks in flight must be from 1 to " + BatchOptions.MAX_CHUNKS_IN_FLIGHT + ", not " + chunks);
        }
        return new IngesterOptions(chunkSize, chunkBytes, flushInterval, chunks, addTimeout, listener, assignObjectIDs);
    }

    /**
     * Sets {@code addTimeout}: how long {@code add}, {@code partialUpdate} and {@code delete} wait at most, from the
     * call to the record taken: for room, and for other threads handing in records at the same moment. After that
     * they fail with a {@link io.quarry.core.WriteRefusedException} whose reason is {@code TIMED_OUT}, and the
     * record is not taken. By default they wait as long as it takes (they still stop when the thread is
     * interrupted). Serialising the record, before the wait, is not counted.
     *
     * @param timeout a positive duration
     * @return a copy
     * @throws InvalidRequestException when {@code timeout} is not positive
     */
    public IngesterOptions addTimeout(Duration timeout) {
        if (Objects.requireNonNull(timeout, "timeout").isNegative() || timeout.isZero()) {
            throw new InvalidRequestException("add timeout must be positive");
        }
        return new IngesterOptions(
                chunkSize, chunkBytes, flushInterval, chunksInFlight, timeout, listener, assignObjectIDs);
    }

    /**
     * Sets {@code listener}: told of each chunk sent, acknowledged (with the objectIDs written) or failed after the
     * client's retries (with its operations and their objectIDs), with the progress so far. Without one, a failed
     * chunk is logged as a warning with its objectIDs; so it is when the listener throws on it, followed by the
     * listener's exception. The listener is called on a thread of the ingester's own, one call at a time and in
     * the order things happen; threads handing in records wait for it only once {@code 8 * chunksInFlight} events
     * wait for it. {@link Ingester#flush()} and {@link Ingester#close()} return once it has been told of every
     * chunk they waited for (see {@link Ingester}).
     *
     * @param listener told of each chunk
     * @return a copy
     */
    public IngesterOptions listener(ChunkListener listener) {
        return new IngesterOptions(
                chunkSize,
                chunkBytes,
                flushInterval,
                chunksInFlight,
                addTimeout,
                Objects.requireNonNull(listener, "listener"),
                assignObjectIDs);
    }

    /**
     * Records without an objectID are sent without one and the service assigns it, as with
     * {@link BatchOptions#serviceAssignedObjectIDs()}: a chunk holding such records is then never sent twice once
     * it may have reached the service.
     *
     * @return a copy
     */
    public IngesterOptions serviceAssignedObjectIDs() {
        return new IngesterOptions(chunkSize, chunkBytes, flushInterval, chunksInFlight, addTimeout, listener, false);
    }

    /** {@return records per chunk} */
    public int chunkSize() {
        return chunkSize;
    }

    /** {@return bytes of records per chunk} */
    public long chunkBytes() {
        return chunkBytes;
    }

    /** {@return how long a chunk's first record waits at most before the chunk is sent} */
    public Duration flushInterval() {
        return flushInterval;
    }

    /** {@return how many batch calls may be under way at once} */
    public int chunksInFlight() {
        return chunksInFlight;
    }

    /** {@return how long a record waits for room at most; empty for no limit} */
    public Optional<Duration> addTimeout() {
        return Optional.ofNullable(addTimeout);
    }

    /** {@return the listener told of each chunk; empty when none was set} */
    public Optional<ChunkListener> listener() {
        return Optional.ofNullable(listener);
    }

    /** {@return whether missing objectIDs are assigned client-side} */
    public boolean assignObjectIDs() {
        return assignObjectIDs;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IngesterOptions that
                && chunkSize == that.chunkSize
                && chunkBytes == that.chunkBytes
                && flushInterval.equals(that.flushInterval)
                && chunksInFlight == that.chunksInFlight
                && Objects.equals(addTimeout, that.addTimeout)
                && Objects.equals(listener, that.listener)
                && assignObjectIDs == that.assignObjectIDs;
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                chunkSize, chunkBytes, flushInterval, chunksInFlight, addTimeout, listener, assignObjectIDs);
    }

    /** Shows every setting; a listener shows as set, not as the object it is. */
    @Override
    public String toString() {
        return "IngesterOptions{chunkSize=" + chunkSize + ", chunkBytes=" + chunkBytes + ", flushInterval="
                + flushInterval + ", chunksInFlight=" + chunksInFlight
                + (addTimeout == null ? "" : ", addTimeout=" + addTimeout)
                + (assignObjectIDs ? "" : ", serviceAssignedObjectIDs")
                + (listener == null ? "" : ", listener=set") + "}";
    }
}
