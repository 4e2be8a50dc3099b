package io.quarry.analytics.model;

import java.util.List;

/**
 * The records most often returned, with click metrics.
 *
 * @param hits the rows, most frequent first
 */
public record TopHitsWithClickAnalytics(List<TopHitWithClickAnalytics> hits) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param hits see the record description
     */
    public TopHitsWithClickAnalytics {
        hits = Rows.list(hits);
    }
}
