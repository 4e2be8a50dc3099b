package io.quarry.search.model;

/**
 * The answer to adding a record without an objectID: the ID the service gave it.
 *
 * @param taskID    the task applying the write
 * @param objectID  the ID the service assigned
 * @param createdAt ISO 8601 time the write was accepted
 */
public record ObjectCreatedResponse(long taskID, String objectID, String createdAt) implements TaskAcknowledgement {}
