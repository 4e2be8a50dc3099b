package io.quarry.monitoring.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One point of a time series: when, and the value measured then.
 *
 * @param t the timestamp as the service sends it: milliseconds since the epoch (seconds in some infrastructure
 *     answers); {@link #time()} reads both
 * @param value the value (milliseconds for latency and indexing time; the metric's unit for infrastructure)
 */
public record TimePoint(
        @JsonProperty("t") long t, @JsonProperty("v") double value) {

    /**
     * Reads a point of an answer; one without a time or a value (a {@code null} the service sends for a moment
     * nothing was measured) is no point, and the series leaves it out, rather than a 0 at 1970.
     */
    @JsonCreator
    private static TimePoint fromJson(@JsonProperty("t") Long t, @JsonProperty("v") Double value) {
        return t == null || value == null ? null : new TimePoint(t, value);
    }

    /**
     * The timestamp as an instant. A value too small to be a millisecond timestamp of this century is read as
     * seconds, so both forms the service uses come out right.
     *
     * @return the instant
     */
    public Instant time() {
        return Timestamps.instant(t);
    }
}
