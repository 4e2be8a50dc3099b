package io.quarry.search.model;

/**
 * The answer of a user removal.
 *
 * @param deletedAt ISO 8601 time
 */
public record DeletedAtResponse(String deletedAt) {}
