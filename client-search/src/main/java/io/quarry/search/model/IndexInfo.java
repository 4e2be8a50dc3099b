package io.quarry.search.model;

import java.time.Instant;
import java.util.List;

/**
 * One index in the index list.
 *
 * @param name                 the index name
 * @param createdAt            when the index was created
 * @param updatedAt            when the index was last changed
 * @param entries              number of records
 * @param dataSize             size of the records in bytes
 * @param fileSize             size of the index files in bytes
 * @param lastBuildTimeS       last build time in seconds
 * @param numberOfPendingTasks tasks not yet applied
 * @param pendingTask          whether tasks are pending
 * @param primary              the primary index, on a replica
 * @param replicas             the replicas, on a primary
 */
public record IndexInfo(
        String name,
        Instant createdAt,
        Instant updatedAt,
        Long entries,
        Long dataSize,
        Long fileSize,
        Long lastBuildTimeS,
        Long numberOfPendingTasks,
        Boolean pendingTask,
        String primary,
        List<String> replicas) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param name see the record description
     * @param createdAt see the record description
     * @param updatedAt see the record description
     * @param entries see the record description
     * @param dataSize see the record description
     * @param fileSize see the record description
     * @param lastBuildTimeS see the record description
     * @param numberOfPendingTasks see the record description
     * @param pendingTask see the record description
     * @param primary see the record description
     * @param replicas see the record description
     */
    public IndexInfo {
        replicas = Copies.list(replicas);
    }
}
