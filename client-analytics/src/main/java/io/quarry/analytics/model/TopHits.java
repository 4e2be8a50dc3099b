package io.quarry.analytics.model;

import java.util.List;

/**
 * The records most often returned.
 *
 * @param hits the rows, most frequent first
 */
public record TopHits(List<TopHit> hits) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param hits see the record description
     */
    public TopHits {
        hits = Rows.list(hits);
    }
}
