package io.quarry.monitoring.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Immutable copies of what an answer holds, where a {@code null} the service sends in place of a member reads as
 * that member missing: a series without points, a map without entries, a list without the null items. The
 * answers' records then never fail with a {@link NullPointerException} on such a body.
 */
final class Copies {

    private Copies() {}

    /** {@return the non-null items, in order; empty for a missing list} */
    static <T> List<T> list(List<T> list) {
        return list == null ? List.of() : list.stream().filter(Objects::nonNull).toList();
    }

    /** {@return the entries with a non-null name and value, in order; empty for a missing map} */
    static <V> Map<String, V> map(Map<String, V> map) {
        return map(map, UnaryOperator.identity());
    }

    /** {@return the entries with a non-null name, each value copied by {@code copy}, in order} */
    static <V> Map<String, V> map(Map<String, V> map, UnaryOperator<V> copy) {
        if (map == null) {
            return Map.of();
        }
        Map<String, V> copied = new LinkedHashMap<>();
        map.forEach((name, value) -> {
            V kept = copy.apply(value);
            if (name != null && kept != null) {
                copied.put(name, kept);
            }
        });
        return Collections.unmodifiableMap(copied);
    }

    /** {@return name to its points, a missing series read as no points} */
    static <T> Map<String, List<T>> series(Map<String, List<T>> map) {
        return map(map, Copies::list);
    }
}
