package io.quarry.search.model;

/**
 * The answer to a deletion in an index: a record, the records matching a filter, a rule, a synonym or the index.
 *
 * @param taskID    the task applying the deletion
 * @param deletedAt ISO 8601 time the deletion was accepted
 */
public record DeleteTaskResponse(long taskID, String deletedAt) implements TaskAcknowledgement {}
