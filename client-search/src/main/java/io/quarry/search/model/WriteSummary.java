package io.quarry.search.model;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What a chunked write ({@code saveObjects}, {@code deleteObjects}, {@code partialUpdateObjects}, ...) did once
 * every chunk was acknowledged. It keeps counts rather than every chunk's answer, so a write of any size returns
 * a value of the same size; a {@code ChunkListener} (set in {@code BatchOptions}) is told of each chunk's answer,
 * with its objectIDs, as it arrives.
 *
 * <p>To wait until every record is applied, wait for {@link #lastTaskID()}: an index applies its tasks in the
 * order it accepted them, so once the last is published, every chunk's is:
 * {@code summary.lastTaskID().ifPresent(index::waitForTask)} (or ask the write to wait with
 * {@code BatchOptions.waitingForTasks()}).
 *
 * @param records    how many records the service acknowledged
 * @param chunks     how many chunks (batch calls) the service acknowledged
 * @param lastTaskID the highest task ID among the chunks' tasks; empty when nothing was written (an empty input)
 */
public record WriteSummary(long records, long chunks, OptionalLong lastTaskID) {

    /**
     * Checks the components.
     *
     * @param records    how many records the service acknowledged
     * @param chunks     how many chunks (batch calls) the service acknowledged
     * @param lastTaskID the highest task ID among the chunks' tasks; empty when nothing was written
     */
    public WriteSummary {
        Objects.requireNonNull(lastTaskID, "lastTaskID");
    }
}
