package io.quarry.core;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of the {@code detail} array of a 422 answer: what is wrong and where.
 *
 * @param msg      the description
 * @param location the path to the offending input, each part as text (array indexes as decimal strings)
 * @param ctx      extra context, empty when absent; values are plain JSON values (String, Number, Boolean,
 *                 List, Map, null)
 */
public record ErrorDetail(String msg, List<String> location, Map<String, Object> ctx) {
    /**
     * Checks the components.
     *
     *
     * @param msg see the record description
     * @param location see the record description
     * @param ctx see the record description
     */
    public ErrorDetail {
        Objects.requireNonNull(msg, "msg");
        location = List.copyOf(location);
        ctx = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ctx));
    }
}
