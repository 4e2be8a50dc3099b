package io.quarry.search.model;

import java.time.Instant;

/**
 * The answer to adding a record without an objectID: the ID the service gave it.
 *
 * @param taskID    the task applying the write
 * @param objectID  the ID the service assigned
 * @param createdAt when the write was accepted
 */
public record ObjectCreatedResponse(long taskID, String objectID, Instant createdAt) implements TaskAcknowledgement {}
