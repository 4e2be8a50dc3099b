package io.quarry.search.model;

import java.time.Instant;

/**
 * The answer of a user assignment.
 *
 * @param createdAt when the assignment was accepted
 */
public record CreatedAtResponse(Instant createdAt) {}
