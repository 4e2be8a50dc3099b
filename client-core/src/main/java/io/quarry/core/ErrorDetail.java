package io.quarry.core;

import io.quarry.core.internal.base.UnmodifiableJson;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of the {@code detail} array of a 422 answer: what is wrong and where.
 *
 * @param msg      the description
 * @param location the path to the offending input, each part as text (array indexes as decimal strings)
 * @param ctx      extra context, empty when absent; values are plain JSON values (String, Number, Boolean,
 *                 List, Map, null), kept as an unmodifiable deep copy
 */
public record ErrorDetail(String msg, List<String> location, Map<String, Object> ctx) {
    /**
     * Checks the components and keeps unmodifiable copies of the list and of the map, all the way down.
     *
     * @param msg see the record description
     * @param location see the record description
     * @param ctx see the record description
     */
    public ErrorDetail {
        Objects.requireNonNull(msg, "msg");
        location = List.copyOf(Objects.requireNonNull(location, "location"));
        ctx = UnmodifiableJson.members(Objects.requireNonNull(ctx, "ctx"));
    }
}
