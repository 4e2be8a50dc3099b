package io.quarry.monitoring.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One point of a time series: when, and the value measured then.
 *
 * @param time when the value was measured. The service sends milliseconds since the epoch, and seconds in some
 *     infrastructure answers: a value too small to be a millisecond timestamp of this century is read as seconds, so
 *     both forms come out right
 * @param value the value (milliseconds for latency and indexing time; the metric's unit for infrastructure)
 */
public record TimePoint(Instant time, double value) {

    /**
     * Reads a point of an answer, {@code {"t": timestamp, "v": value}}; one without a time or a value (a
     * {@code null} the service sends for a moment nothing was measured) is no point, and the series leaves it out,
     * rather than a 0 at 1970.
     */
    @JsonCreator
    private static TimePoint fromJson(@JsonProperty("t") Long t, @JsonProperty("v") Double value) {
        return t == null || value == null ? null : new TimePoint(Timestamps.instant(t), value);
    }
}
