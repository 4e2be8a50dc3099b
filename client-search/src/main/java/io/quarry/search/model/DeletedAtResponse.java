package io.quarry.search.model;

import java.time.Instant;

/**
 * The answer of a user removal.
 *
 * @param deletedAt when the removal was accepted
 */
public record DeletedAtResponse(Instant deletedAt) {}
