package io.quarry.analytics.model;

import java.util.List;

/**
 * The records most often returned.
 *
 * @param hits the rows, most frequent first
 */
public record TopHits(List<TopHit> hits) {}
