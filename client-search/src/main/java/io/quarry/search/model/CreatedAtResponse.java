package io.quarry.search.model;

/**
 * The answer of a user assignment.
 *
 * @param createdAt ISO 8601 time
 */
public record CreatedAtResponse(String createdAt) {}
