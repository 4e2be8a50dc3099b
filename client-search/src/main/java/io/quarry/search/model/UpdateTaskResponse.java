package io.quarry.search.model;

/**
 * The answer to a write that changes an index as a whole: settings, clearing records, rules or synonyms, saving a
 * set of rules or synonyms, copying or moving an index.
 *
 * @param taskID    the task applying the write
 * @param updatedAt ISO 8601 time the write was accepted
 */
public record UpdateTaskResponse(long taskID, String updatedAt) implements TaskAcknowledgement {}
