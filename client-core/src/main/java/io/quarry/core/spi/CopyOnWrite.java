package io.quarry.core.spi;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Copy-on-write helpers for a module's immutable request types that keep their parameters in a map (a search
 * query, settings): each setter returns a new object over an updated, unmodifiable copy.
 */
public final class CopyOnWrite {

    private CopyOnWrite() {}

    /**
     * A copy of a map with one entry set (or removed when the value is null), unmodifiable.
     *
     * @param base  the map
     * @param name  the name
     * @param value the value, null to remove
     * @return the new map
     */
    public static Map<String, Object> with(Map<String, Object> base, String name, Object value) {
        Objects.requireNonNull(name, "name");
        Map<String, Object> copy = new LinkedHashMap<>(base);
        if (value == null) {
            copy.remove(name);
        } else {
            copy.put(name, value);
        }
        return Collections.unmodifiableMap(copy);
    }

    /**
     * An unmodifiable copy of a map.
     *
     * @param base the map, or null
     * @return the copy
     */
    public static Map<String, Object> copy(Map<String, ?> base) {
        return base == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(base));
    }

    /**
     * Strings as an immutable list.
     *
     * @param values the strings
     * @return the list
     */
    public static List<String> list(String... values) {
        return List.copyOf(Arrays.asList(values));
    }
}
