package io.quarry.analytics.model;

import java.util.List;

/**
 * The filters used by a search when it found nothing.
 *
 * @param values the combinations, most frequent first; null when that search never came back empty
 */
public record NoResultFilters(List<NoResultFilterGroup> values) {

    /**
     * Copies the list without its null items; a missing one stays null (that search never came back empty).
     *
     * @param values see the record description
     */
    public NoResultFilters {
        values = values == null ? null : Rows.list(values);
    }
}
