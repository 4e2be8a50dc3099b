package io.quarry.analytics.model;

/**
 * A record often returned by searches (asked without click analytics).
 *
 * @param hit the record's objectID
 * @param count how many times it was returned
 */
public record TopHit(String hit, long count) {}
