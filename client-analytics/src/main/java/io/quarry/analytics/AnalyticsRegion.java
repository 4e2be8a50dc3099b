package io.quarry.analytics;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The region where an application's analytics data is stored; calls must go to that region's host,
 * {@code analytics.<region>.<product domain>}. {@link #US} and {@link #DE} are named; {@link #of(String)} takes
 * any other region code.
 *
 * @param code the region code, a DNS label such as {@code us}
 */
public record AnalyticsRegion(String code) {

    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");

    /** The United States region. */
    public static final AnalyticsRegion US = new AnalyticsRegion("us");
    /** The European region (Germany). */
    public static final AnalyticsRegion DE = new AnalyticsRegion("de");

    /**
     * Validates the code.
     *
     * @param code see the record description
     * @throws IllegalArgumentException if the code is not a lower-case DNS label
     */
    public AnalyticsRegion {
        Objects.requireNonNull(code, "code");
        if (!LABEL.matcher(code).matches()) {
            throw new IllegalArgumentException("a region code is a lower-case DNS label: " + code);
        }
    }

    /**
     * A region by code.
     *
     * @param code the code, such as {@code de}
     * @return the region
     */
    public static AnalyticsRegion of(String code) {
        return new AnalyticsRegion(code);
    }
}
