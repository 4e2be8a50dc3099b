package io.quarry.search.model;

import java.time.Instant;

/**
 * The acknowledgement of an application-level write (dictionary batches and settings): wait for it with
 * {@code waitForAppTask}.
 *
 * @param taskID    the application task
 * @param updatedAt when the write was accepted
 */
public record AppTaskResponse(long taskID, Instant updatedAt) {}
