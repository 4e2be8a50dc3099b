package io.quarry.analytics.model;

import java.util.List;

/**
 * The filter values most used for some attributes.
 *
 * @param values the rows, most frequent first
 */
public record FilterValues(List<FilterValue> values) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param values see the record description
     */
    public FilterValues {
        values = Rows.list(values);
    }
}
