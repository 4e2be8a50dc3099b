package io.quarry.analytics.model;

import java.util.List;
import java.util.Objects;

/**
 * Immutable copies of the lists an answer holds, where a {@code null} the service sends in place of a list or of a
 * row reads as that list or row missing, so an answer's records hold no null rows, nor null lists but where one
 * says something ({@link NoResultFilters#values()}).
 */
final class Rows {

    private Rows() {}

    /** {@return the non-null items, in order; empty for a missing list} */
    static <T> List<T> list(List<T> list) {
        return list == null ? List.of() : list.stream().filter(Objects::nonNull).toList();
    }
}
