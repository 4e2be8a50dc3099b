package io.quarry.analytics.model;

import java.util.List;

/**
 * The records most often returned, with click metrics.
 *
 * @param hits the rows, most frequent first
 */
public record TopHitsWithClickAnalytics(List<TopHitWithClickAnalytics> hits) {}
