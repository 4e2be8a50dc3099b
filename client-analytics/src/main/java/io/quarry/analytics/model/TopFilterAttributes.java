package io.quarry.analytics.model;

import java.util.List;

/**
 * The attributes most filtered on.
 *
 * @param attributes the rows, most frequent first
 */
public record TopFilterAttributes(List<FilterAttribute> attributes) {

    /**
     * Copies the list without its null items; a missing one is empty.
     *
     * @param attributes see the record description
     */
    public TopFilterAttributes {
        attributes = Rows.list(attributes);
    }
}
