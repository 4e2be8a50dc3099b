package io.quarry.search.model;

import java.time.Instant;

/**
 * The answer to a write that changes an index as a whole: settings, clearing records, rules or synonyms, saving a
 * set of rules or synonyms, copying or moving an index.
 *
 * @param taskID    the task applying the write
 * @param updatedAt when the write was accepted
 */
public record UpdateTaskResponse(long taskID, Instant updatedAt) implements TaskAcknowledgement {}
