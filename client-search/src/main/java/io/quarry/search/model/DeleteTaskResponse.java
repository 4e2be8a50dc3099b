package io.quarry.search.model;

import java.time.Instant;

/**
 * The answer to a deletion in an index: a record, the records matching a filter, a rule, a synonym or the index.
 *
 * @param taskID    the task applying the deletion
 * @param deletedAt when the deletion was accepted
 */
public record DeleteTaskResponse(long taskID, Instant deletedAt) implements TaskAcknowledgement {}
