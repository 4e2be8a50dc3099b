package io.quarry.search.model;

/**
 * The acknowledgement of an application-level write (dictionary batches and settings): wait for it with
 * {@code waitForAppTask}.
 *
 * @param taskID    the application task
 * @param updatedAt ISO 8601 time
 */
public record AppTaskResponse(long taskID, String updatedAt) {}
