package io.quarry.monitoring.model;

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
     * The timestamp as an instant. A value too small to be a millisecond timestamp of this century is read as
     * seconds, so both forms the service uses come out right.
     *
     * @return the instant
     */
    public Instant time() {
        return Timestamps.instant(t);
    }
}
