package io.quarry.analytics.model;

import java.time.Instant;

/**
 * When the analytics of an index were last updated.
 *
 * @param updatedAt the time, or null when no search was made yet
 */
public record AnalyticsStatus(Instant updatedAt) {}
