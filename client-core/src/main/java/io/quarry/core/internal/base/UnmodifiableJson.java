package io.quarry.core.internal.base;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Unmodifiable deep copies of JSON values held as plain Java values, for the values that promise immutability and keep
 * free-form JSON (a query's parameters, a record's extra members): a shallow copy would let the caller who built the
 * value, or one who read it, change a map or list inside it, and with it the value's {@code equals} and hash.
 */
public final class UnmodifiableJson {

    private UnmodifiableJson() {}

    /**
     * A copy of a value: a map in its order (null values kept), a set as a set in its order, any other collection and
     * an array (of objects or primitives) as a list, each item copied the same way; anything else is kept as it is.
     * The copy serialises to the same JSON as the value.
     *
     * @param value the value, or null
     * @return the copy, or the value itself when it holds nothing to copy
     */
    public static Object copy(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>(capacity(map.size()));
            map.forEach((name, item) -> copy.put(name, copy(item)));
            return Collections.unmodifiableMap(copy);
        }
        if (value instanceof Set<?> set) {
            Set<Object> copy = new LinkedHashSet<>(capacity(set.size()));
            set.forEach(item -> copy.add(copy(item)));
            return Collections.unmodifiableSet(copy);
        }
        if (value instanceof Collection<?> collection) {
            List<Object> copy = new ArrayList<>(collection.size());
            collection.forEach(item -> copy.add(copy(item)));
            return Collections.unmodifiableList(copy);
        }
        if (value != null && value.getClass().isArray()) {
            int length = Array.getLength(value);
            List<Object> copy = new ArrayList<>(length);
            for (int i = 0; i < length; i++) {
                copy.add(copy(Array.get(value, i)));
            }
            return Collections.unmodifiableList(copy);
        }
        return value;
    }

    /**
     * A copy of a JSON object's members ({@link #copy(Object)} for each value), in order, null values kept.
     *
     * @param members the members, or null
     * @return the copy; empty for null
     */
    public static Map<String, Object> members(Map<String, ?> members) {
        if (members == null) {
            return Map.of();
        }
        Map<String, Object> copy = new LinkedHashMap<>(capacity(members.size()));
        members.forEach((name, value) -> copy.put(name, copy(value)));
        return Collections.unmodifiableMap(copy);
    }

    private static int capacity(int size) {
        return size * 4 / 3 + 1;
    }
}
