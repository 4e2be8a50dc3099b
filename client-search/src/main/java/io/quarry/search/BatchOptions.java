package io.quarry.search;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.WaitPolicy;
import java.util.Objects;
import java.util.Optional;

/**
 * How the chunked write helpers ({@code saveObjects}, {@code deleteObjects}, {@code partialUpdateObjects},
 * {@code partialUpdateExistingObjects}) and {@code replaceAllObjects} work. Immutable; each method returns a copy.
 * Defaults: chunks of 1000, one chunk in flight at a time, no waiting, client-side objectIDs for records without
 * one (so a retried chunk cannot duplicate records), no listener, and {@code replaceAllObjects} refusing an
 * empty input.
 *
 * <p>Outages: when every host fails a chunk, the helpers send it whole again in new rounds, waiting longer each
 * time, for about a minute ({@link io.quarry.core.RetryRounds#forOutages()}) before the write stops with a
 * {@link io.quarry.core.PartialWriteException}; a chunk that adds records without objectID under
 * {@link #serviceAssignedObjectIDs()}, or updates with {@code Increment}, {@code Decrement} or {@code Add}, gets
 * one round only. Another policy is set through the index's options:
 * {@code index.withOptions(RequestOptions.builder().retryRounds(...).build())}.
 *
 * <p>Two options are equal when every setting is (a listener by its own {@code equals}: a lambda equals only itself).
 */
public final class BatchOptions {

    /**
     * The most chunks {@link #chunksInFlight(int)} accepts: the client runs this many asynchronous calls at once
     * (in total and per host), so more would only wait in its queue.
     */
    public static final int MAX_CHUNKS_IN_FLIGHT = 128;

    private static final BatchOptions DEFAULTS = new BatchOptions(1000, 1, false, true, null, WaitPolicy.of(), false);

    private final int chunkSize;
    private final int chunksInFlight;
    private final boolean waitForTasks;
    private final boolean assignObjectIDs;
    private final ChunkListener listener;
    private final WaitPolicy waitPolicy;
    private final boolean allowsEmptyIndex;

    private BatchOptions(
            int chunkSize,
            int chunksInFlight,
            boolean waitForTasks,
            boolean assignObjectIDs,
            ChunkListener listener,
            WaitPolicy waitPolicy,
            boolean allowsEmptyIndex) {
        this.chunkSize = chunkSize;
        this.chunksInFlight = chunksInFlight;
        this.waitForTasks = waitForTasks;
        this.assignObjectIDs = assignObjectIDs;
        this.listener = listener;
        this.waitPolicy = waitPolicy;
        this.allowsEmptyIndex = allowsEmptyIndex;
    }

    /** {@return the defaults} */
    public static BatchOptions of() {
        return DEFAULTS;
    }

    /**
     * Sets {@code chunkSize}: records per batch call, at least 1.
     *
     * @param size records per batch call, at least 1
     * @return a copy
     * @throws InvalidRequestException when {@code size} is below 1
     */
    public BatchOptions chunkSize(int size) {
        if (size < 1) {
            throw new InvalidRequestException("chunk size must be at least 1");
        }
        return new BatchOptions(
                size, chunksInFlight, waitForTasks, assignObjectIDs, listener, waitPolicy, allowsEmptyIndex);
    }

    /**
     * Sets {@code chunksInFlight}: how many chunk requests may be under way at once (default 1: each chunk is
     * sent once the previous one is acknowledged). With more, the helper keeps up to {@code chunks} requests
     * going and sends the next chunk as soon as one is acknowledged, in both the blocking and the asynchronous
     * form, without a thread of its own per chunk.
     *
     * <ul>
     *   <li>Order: the chunks may be applied by the service in any order, so a record should appear in one chunk
     *       only (two writes of the same objectID in different chunks may land in either order). A
     *       {@link ChunkListener} is told of the acknowledgements in the order they arrive.</li>
     *   <li>Memory: the input is read only as chunks are sent, and a chunk's operations are built and serialised
     *       only then, so at most {@code chunks + 1} chunks of records exist at once, whatever the size of the
     *       input.</li>
     *   <li>Failure: once a chunk fails, no new chunk is sent; the chunks in flight finish, then the helper fails
     *       with a {@link io.quarry.core.PartialWriteException} naming the acknowledged chunks, those that were
     *       not, and the records never sent (as with one chunk in flight). With {@link #waitingForTasks()} it
     *       first waits for the tasks of the acknowledged chunks.</li>
     * </ul>
     *
     * @param chunks requests at once, from 1 to {@link #MAX_CHUNKS_IN_FLIGHT}
     * @return a copy
     * @throws InvalidRequestException when {@code chunks} is out of that range
     */
    public BatchOptions chunksInFlight(int chunks) {
        if (chunks < 1 || chunks > MAX_CHUNKS_IN_FLIGHT) {
            throw new InvalidRequestException(
                    "chunks in flight must be from 1 to " + MAX_CHUNKS_IN_FLIGHT + ", not " + chunks);
        }
        return new BatchOptions(
                chunkSize, chunks, waitForTasks, assignObjectIDs, listener, waitPolicy, allowsEmptyIndex);
    }

    /**
     * The helper returns only once every record is applied: it waits for the last task of the write (by default
     * it returns once every chunk is acknowledged).
     *
     * @return a copy
     */
    public BatchOptions waitingForTasks() {
        return new BatchOptions(
                chunkSize, chunksInFlight, true, assignObjectIDs, listener, waitPolicy, allowsEmptyIndex);
    }

    /**
     * Records without an objectID are sent without one and the service assigns it. By default they get a random
     * UUID before sending instead, so a retried chunk replaces rather than duplicates; with this option a chunk
     * holding such records is never sent twice once it may have reached the service, and fails with a
     * {@link io.quarry.core.WriteOutcomeUnknownException} instead.
     *
     * @return a copy
     */
    public BatchOptions serviceAssignedObjectIDs() {
        return new BatchOptions(chunkSize, chunksInFlight, waitForTasks, false, listener, waitPolicy, allowsEmptyIndex);
    }

    /**
     * Sets {@code listener}: told of each chunk sent, acknowledged (with the service's answer: its objectIDs and
     * task) or failed, with the progress of the write. The progress line of a long write, or the objectIDs of
     * every chunk, come from here: the helper itself returns a {@link io.quarry.search.model.WriteSummary}.
     *
     * @param listener told of each chunk
     * @return a copy
     */
    public BatchOptions listener(ChunkListener listener) {
        return new BatchOptions(
                chunkSize,
                chunksInFlight,
                waitForTasks,
                assignObjectIDs,
                Objects.requireNonNull(listener, "listener"),
                waitPolicy,
                allowsEmptyIndex);
    }

    /**
     * Sets {@code waitPolicy}: how task waits poll.
     *
     * @param policy how task waits poll
     * @return a copy
     */
    public BatchOptions waitPolicy(WaitPolicy policy) {
        return new BatchOptions(
                chunkSize,
                chunksInFlight,
                waitForTasks,
                assignObjectIDs,
                listener,
                Objects.requireNonNull(policy, "policy"),
                allowsEmptyIndex);
    }

    /**
     * Lets {@code replaceAllObjects} replace the records with none, leaving the index empty (its settings, rules
     * and synonyms kept). Without this option an input without a single record is refused before anything is
     * changed, so that a source that came up empty by mistake (a failed export, a wrong query) cannot wipe the
     * index. The other helpers ignore it.
     *
     * @return a copy
     */
    public BatchOptions allowingEmptyIndex() {
        return new BatchOptions(chunkSize, chunksInFlight, waitForTasks, assignObjectIDs, listener, waitPolicy, true);
    }

    /** {@return records per batch call} */
    public int chunkSize() {
        return chunkSize;
    }

    /** {@return how many chunk requests may be under way at once} */
    public int chunksInFlight() {
        return chunksInFlight;
    }

    /** {@return whether tasks are waited for} */
    public boolean waitForTasks() {
        return waitForTasks;
    }

    /** {@return whether missing objectIDs are assigned client-side} */
    public boolean assignObjectIDs() {
        return assignObjectIDs;
    }

    /** {@return the listener told of each chunk; empty when none was set} */
    public Optional<ChunkListener> listener() {
        return Optional.ofNullable(listener);
    }

    /** {@return how task waits poll} */
    public WaitPolicy waitPolicy() {
        return waitPolicy;
    }

    /** {@return whether {@code replaceAllObjects} may leave the index empty} */
    public boolean allowsEmptyIndex() {
        return allowsEmptyIndex;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof BatchOptions that
                && chunkSize == that.chunkSize
                && chunksInFlight == that.chunksInFlight
                && waitForTasks == that.waitForTasks
                && assignObjectIDs == that.assignObjectIDs
                && Objects.equals(listener, that.listener)
                && waitPolicy.equals(that.waitPolicy)
                && allowsEmptyIndex == that.allowsEmptyIndex;
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                chunkSize, chunksInFlight, waitForTasks, assignObjectIDs, listener, waitPolicy, allowsEmptyIndex);
    }

    /** Shows every setting; a listener shows as set, not as the object it is. */
    @Override
    public String toString() {
        return "BatchOptions{chunkSize=" + chunkSize + ", chunksInFlight=" + chunksInFlight
                + (waitForTasks ? ", waitingForTasks" : "")
                + (waitPolicy.equals(WaitPolicy.of()) ? "" : ", waitPolicy=" + waitPolicy)
                + (assignObjectIDs ? "" : ", serviceAssignedObjectIDs")
                + (allowsEmptyIndex ? ", allowingEmptyIndex" : "")
                + (listener == null ? "" : ", listener=set") + "}";
    }
}
