package io.quarry.usage.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigInteger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One point of a usage series: the start of its hour or day, and its value.
 *
 * @param time the start of the point's hour or day
 * @param value one number, or one number per server or region
 */
public record UsagePoint(Instant time, UsageValue value) {

    /**
     * Reads the service's form {@code {"t": ms, "v": integer | {name: integer}}}.
     *
     * @param t the timestamp in milliseconds
     * @param v an integer, or an object of integers (a {@code null} among them is left out); null when absent
     * @return the point
     * @throws IllegalArgumentException when {@code v} is of another type, a fraction, or an integer beyond a
     *     {@code long} (the answer then fails to decode)
     */
    @JsonCreator
    static UsagePoint fromJson(@JsonProperty("t") long t, @JsonProperty("v") Object v) {
        return new UsagePoint(Instant.ofEpochMilli(t), valueOf(v));
    }

    private static UsageValue valueOf(Object v) {
        if (v == null) {
            return new UsageValue.PerName(Map.of());
        }
        if (!(v instanceof Map<?, ?> map)) {
            return new UsageValue.Count(integer(v));
        }
        Map<String, Long> values = new LinkedHashMap<>();
        map.forEach((name, n) -> {
            if (n != null) {
                values.put(String.valueOf(name), integer(n));
            }
        });
        return new UsageValue.PerName(values);
    }

    /** {@return the value as a long}: a string, a boolean or a fraction read as a number would be a wrong count */
    private static long integer(Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big && big.bitLength() < Long.SIZE) {
            return big.longValue();
        }
        // 12.0 is the integer 12 written otherwise; 12.5 or 1e19 is no count a long holds
        if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 0x1p63) {
            return d.longValue();
        }
        throw new IllegalArgumentException("a usage value is an integer or an object of integers, not "
                + (value instanceof Number
                        ? "the number " + value
                        : "a " + value.getClass().getSimpleName()));
    }

    /** {@return the number, when the value is one number; empty for a per-server or per-region value} */
    public OptionalLong count() {
        return value instanceof UsageValue.Count c ? OptionalLong.of(c.value()) : OptionalLong.empty();
    }

    /** {@return the numbers per server or region; empty when the value is one number} */
    public Map<String, Long> perName() {
        return value instanceof UsageValue.PerName p ? p.values() : Map.of();
    }

    /** {@return the number, or the sum of the numbers per server or region} */
    public long total() {
        return value instanceof UsageValue.Count c ? c.value() : ((UsageValue.PerName) value).sum();
    }
}
