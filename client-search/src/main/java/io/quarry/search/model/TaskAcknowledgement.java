package io.quarry.search.model;

/**
 * A write the service has accepted but may not have applied yet: the index's task applying it. Wait for it with
 * {@code SearchIndex.waitForTask(taskID())} when the next step must see the write.
 */
public interface TaskAcknowledgement {

    /**
     * The task applying the write, counted per index.
     *
     * @return the task ID
     */
    long taskID();
}
