package io.quarry.analytics.model;

import java.util.List;

/**
 * A combination of filters used together by a search that found nothing.
 *
 * @param count how many times
 * @param values the filters
 */
public record NoResultFilterGroup(long count, List<FilterCondition> values) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param count see the record description
     * @param values see the record description
     */
    public NoResultFilterGroup {
        values = Rows.list(values);
    }
}
