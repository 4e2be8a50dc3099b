package io.quarry.core.spi;

import io.quarry.core.internal.base.UnmodifiableJson;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Copy-on-write helpers for a module's immutable request types that keep their parameters in a map (a search
 * query, settings): each setter returns a new object over an updated, unmodifiable copy.
 *
 * <p>The copies are deep: a map, collection or array inside a value is copied too (see {@link #unmodifiable(Object)}),
 * so that neither the caller who passed it nor one who reads it back can change the value afterwards.
 */
public final class CopyOnWrite {

    private CopyOnWrite() {}

    /**
     * A copy of a map with one entry set (or removed when the value is null), unmodifiable; the value is copied
     * deeply ({@link #unmodifiable(Object)}).
     *
     * @param base  the map
     * @param name  the name
     * @param value the value, null to remove
     * @return the new map
     */
    public static Map<String, Object> with(Map<String, Object> base, String name, Object value) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(name, "name");
        Map<String, Object> copy = new LinkedHashMap<>(base);
        if (value == null) {
            copy.remove(name);
        } else {
            copy.put(name, unmodifiable(value));
        }
        return Collections.unmodifiableMap(copy);
    }

    /**
     * An unmodifiable deep copy of a map ({@link #unmodifiable(Object)} for each value), in its order, null values
     * kept.
     *
     * @param base the map, or null
     * @return the copy; empty for null
     */
    public static Map<String, Object> copy(Map<String, ?> base) {
        return UnmodifiableJson.members(base);
    }

    /**
     * An unmodifiable deep copy of a JSON value given or read as plain Java values: a map is copied in its order
     * (null values kept), a set as a set in its order, any other collection and an array (of objects or of
     * primitives) as a list, each item copied the same way; anything else (a string, a number, a record, a value of
     * the SDK) is kept as it is. The copy serialises to the same JSON as the original.
     *
     * @param value the value, or null
     * @return the copy, or the value itself when it holds nothing to copy
     */
    public static Object unmodifiable(Object value) {
        return UnmodifiableJson.copy(value);
    }

    /**
     * Strings as an immutable list.
     *
     * @param values the strings
     * @return the list
     */
    public static List<String> list(String... values) {
        return List.copyOf(Arrays.asList(Objects.requireNonNull(values, "values")));
    }
}
