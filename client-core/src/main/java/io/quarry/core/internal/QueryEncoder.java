package io.quarry.core.internal;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.internal.base.MessagePaths;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Encodes query parameters: UTF-8 percent-encoding with {@code %20} for a space, booleans and numbers
 * written plainly, enums by name, collections and arrays comma-joined (each item encoded, the commas not).
 * Null values are left out; text with a UTF-16 surrogate out of its pair, which has no UTF-8 form, and a NaN or
 * infinite number are refused.
 */
public final class QueryEncoder {

    private static final String QUERY_PARAMETER = "query parameter";

    private QueryEncoder() {}

    /**
     * The encoded query string, without the leading {@code ?}.
     *
     * @param parameters name to value, in order
     * @return the query, or null when there is no parameter
     * @throws io.quarry.core.InvalidRequestException if a name or value has a surrogate without its pair, or a value
     *     is a NaN or infinite number
     */
    public static String encode(Map<String, ?> parameters) {
        if (parameters.isEmpty()) {
            return null;
        }
        // one builder for the whole query: no string per parameter, no lambda
        StringBuilder query = new StringBuilder(16 * parameters.size());
        for (Map.Entry<String, ?> parameter : parameters.entrySet()) {
            Object value = parameter.getValue();
            if (value != null) {
                if (query.length() > 0) {
                    query.append('&');
                }
                String name = parameter.getKey();
                query.append(PathTemplate.encodeSegment(name, "query parameter name", name))
                        .append('=')
                        .append(encodeValue(name, value));
            }
        }
        return query.length() == 0 ? null : query.toString();
    }

    private static String encodeValue(String name, Object value) {
        if (value instanceof Collection<?> items) {
            return joined(name, items);
        }
        if (value instanceof Object[] array) {
            return joined(name, java.util.Arrays.asList(array));
        }
        if (value.getClass().isArray()) {
            List<Object> items = new ArrayList<>();
            int length = java.lang.reflect.Array.getLength(value);
            for (int i = 0; i < length; i++) {
                items.add(java.lang.reflect.Array.get(value, i));
            }
            return joined(name, items);
        }
        return PathTemplate.encodeSegment(scalar(name, value), QUERY_PARAMETER, name);
    }

    private static String joined(String name, Collection<?> items) {
        StringJoiner joined = new StringJoiner(",");
        for (Object item : items) {
            if (item != null) {
                joined.add(PathTemplate.encodeSegment(scalar(name, item), QUERY_PARAMETER, name));
            }
        }
        return joined.toString();
    }

    private static String scalar(String name, Object value) {
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            if (!Double.isFinite(number)) {
                // it would go as the text "NaN" or "Infinity", which no numeric parameter of the service takes
                throw new InvalidRequestException(
                        "query parameter " + MessagePaths.shown(name) + " is " + value + ", not a finite number");
            }
            return new BigDecimal(value.toString()).stripTrailingZeros().toPlainString();
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof Enum<?> e) {
            return e.name();
        }
        return value.toString();
    }
}
