package io.quarry.search;

import io.quarry.core.WaitPolicy;
import java.util.Objects;

/**
 * How the chunked write helpers ({@code saveObjects}, {@code deleteObjects}, {@code partialUpdateObjects})
 * work. Immutable; each method returns a copy. Defaults: chunks of 1000, no waiting, client-side objectIDs for
 * records without one (so a retried chunk cannot duplicate records), no listener.
 */
public final class BatchOptions {

    private static final BatchOptions DEFAULTS = new BatchOptions(1000, false, true, null, WaitPolicy.defaults());

    private final int chunkSize;
    private final boolean waitForTasks;
    private final boolean assignObjectIDs;
    private final ProgressListener progressListener;
    private final WaitPolicy waitPolicy;

    private BatchOptions(
            int chunkSize,
            boolean waitForTasks,
            boolean assignObjectIDs,
            ProgressListener progressListener,
            WaitPolicy waitPolicy) {
        this.chunkSize = chunkSize;
        this.waitForTasks = waitForTasks;
        this.assignObjectIDs = assignObjectIDs;
        this.progressListener = progressListener;
        this.waitPolicy = waitPolicy;
    }

    /** @return the defaults */
    public static BatchOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Sets {@code chunkSize}: records per batch call, at least 1.
     *
     * @param size records per batch call, at least 1
     * @return a copy
     */
    public BatchOptions chunkSize(int size) {
        if (size < 1) {
            throw new io.quarry.core.InvalidRequestException("chunk size must be at least 1");
        }
        return new BatchOptions(size, waitForTasks, assignObjectIDs, progressListener, waitPolicy);
    }

    /**
     * The helper returns only once every task is applied (by default it returns once every chunk is
     * acknowledged).
     *
     * @return a copy
     */
    public BatchOptions waitingForTasks() {
        return new BatchOptions(chunkSize, true, assignObjectIDs, progressListener, waitPolicy);
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
        return new BatchOptions(chunkSize, waitForTasks, false, progressListener, waitPolicy);
    }

    /**
     * Sets {@code onProgress}: told after each acknowledged chunk.
     *
     * @param listener told after each acknowledged chunk
     * @return a copy
     */
    public BatchOptions onProgress(ProgressListener listener) {
        return new BatchOptions(chunkSize, waitForTasks, assignObjectIDs, Objects.requireNonNull(listener), waitPolicy);
    }

    /**
     * Sets {@code waitPolicy}: how task waits poll.
     *
     * @param policy how task waits poll
     * @return a copy
     */
    public BatchOptions waitPolicy(WaitPolicy policy) {
        return new BatchOptions(
                chunkSize, waitForTasks, assignObjectIDs, progressListener, Objects.requireNonNull(policy));
    }

    /** @return records per batch call */
    public int chunkSize() {
        return chunkSize;
    }

    /** @return whether tasks are waited for */
    public boolean waitForTasks() {
        return waitForTasks;
    }

    /** @return whether missing objectIDs are assigned client-side */
    public boolean assignObjectIDs() {
        return assignObjectIDs;
    }

    /** @return the listener, or null */
    public ProgressListener progressListener() {
        return progressListener;
    }

    /** @return how task waits poll */
    public WaitPolicy waitPolicy() {
        return waitPolicy;
    }
}
