package io.quarry.usage.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
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
     * Reads the service's form {@code {"t": ms, "v": number | {name: number}}}.
     *
     * @param t the timestamp in milliseconds
     * @param v a number, or an object of numbers
     * @return the point
     */
    @JsonCreator
    public static UsagePoint fromJson(@JsonProperty("t") long t, @JsonProperty("v") Object v) {
        return new UsagePoint(Instant.ofEpochMilli(t), valueOf(v));
    }

    private static UsageValue valueOf(Object v) {
        if (v instanceof Number number) {
            return new UsageValue.Count(number.longValue());
        }
        Map<String, Long> values = new LinkedHashMap<>();
        if (v instanceof Map<?, ?> map) {
            map.forEach((name, n) -> {
                if (n instanceof Number number) {
                    values.put(String.valueOf(name), number.longValue());
                }
            });
        }
        return new UsageValue.PerName(values);
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
