package io.quarry.search.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Unmodifiable copies of the lists and maps a record is made from, so that neither the code that built one nor the
 * code that reads it can change it. A copy changes nothing else: a missing (null) list or map stays missing, null
 * items are kept, and the order is the same.
 */
final class Copies {

    private Copies() {}

    /** {@return an unmodifiable copy of the list (a view of a {@link ReadList}), null for null} */
    static <T> List<T> list(List<T> list) {
        if (list instanceof ReadList<T> read) {
            return Collections.unmodifiableList(read); // only the record holds it: see ReadList
        }
        return list == null ? null : Collections.unmodifiableList(new ArrayList<>(list));
    }

    /** {@return an unmodifiable copy of the map, null for null} */
    static <K, V> Map<K, V> map(Map<K, V> map) {
        return map(map, UnaryOperator.identity());
    }

    /** {@return an unmodifiable copy of the map with each value copied by {@code copy}, null for null} */
    static <K, V> Map<K, V> map(Map<K, V> map, UnaryOperator<V> copy) {
        if (map == null) {
            return null;
        }
        Map<K, V> copied = new LinkedHashMap<>();
        map.forEach((key, value) -> copied.put(key, copy.apply(value)));
        return Collections.unmodifiableMap(copied);
    }
}
