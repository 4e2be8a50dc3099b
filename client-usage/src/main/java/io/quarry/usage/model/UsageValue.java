package io.quarry.usage.model;

import java.util.Map;

/**
 * The value of a usage point: one number for most statistics, or one number per server (or per region) for
 * {@code max_qps}, {@code used_search_capacity}, {@code region_*} and {@code degraded_queries_*}.
 */
public sealed interface UsageValue permits UsageValue.Count, UsageValue.PerName {

    /**
     * One number.
     *
     * @param value the count (or milliseconds, bytes, percent, as the statistic measures)
     */
    record Count(long value) implements UsageValue {}

    /**
     * One number per server or per region.
     *
     * @param values server (or region) name to its number
     */
    record PerName(Map<String, Long> values) implements UsageValue {

        /**
         * Copies the map; a missing one is empty.
         *
         * @param values see the record description
         */
        public PerName {
            values = values == null ? Map.of() : Map.copyOf(values);
        }

        /** {@return the sum over every server or region} */
        public long sum() {
            return values.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
