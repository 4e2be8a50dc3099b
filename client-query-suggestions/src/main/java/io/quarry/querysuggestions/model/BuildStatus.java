package io.quarry.querysuggestions.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The build state of a suggestions index.
 *
 * @param indexName                   the suggestions index
 * @param running                     whether a build is in progress
 * @param lastBuiltAt                 when the last build ended, or null before the first
 * @param lastSuccessfulBuiltAt       when the last successful build ended, or null
 * @param lastSuccessfulBuildDuration how long the last successful build took, or null (also when the service's value
 *                                    is not a duration: not a number of seconds, or beyond what a duration holds)
 */
public record BuildStatus(
        String indexName,
        boolean running,
        Instant lastBuiltAt,
        Instant lastSuccessfulBuiltAt,
        Duration lastSuccessfulBuildDuration) {

    private static final int MAX_DURATION_CHARS = 64;
    /** The most seconds a duration counted in nanoseconds holds. */
    private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(Long.MAX_VALUE / 1_000_000_000L);

    /**
     * Reads the service's JSON: the duration comes as seconds (a number, or a number as text) or as ISO-8601.
     *
     * @param indexName             see the record description
     * @param running               the service's {@code isRunning}
     * @param lastBuiltAt           see the record description
     * @param lastSuccessfulBuiltAt see the record description
     * @param duration              the service's {@code lastSuccessfulBuildDuration}
     * @return the status
     */
    @JsonCreator
    static BuildStatus fromJson(
            @JsonProperty("indexName") String indexName,
            @JsonProperty("isRunning") Boolean running,
            @JsonProperty("lastBuiltAt") Instant lastBuiltAt,
            @JsonProperty("lastSuccessfulBuiltAt") Instant lastSuccessfulBuiltAt,
            @JsonProperty("lastSuccessfulBuildDuration") Object duration) {
        return new BuildStatus(
                indexName, Boolean.TRUE.equals(running), lastBuiltAt, lastSuccessfulBuiltAt, durationOf(duration));
    }

    /**
     * When the last build ended.
     *
     * @return the time, empty before the first build
     */
    public Optional<Instant> lastBuilt() {
        return Optional.ofNullable(lastBuiltAt);
    }

    private static Duration durationOf(Object value) {
        if (value == null) {
            return null;
        }
        String text = value.toString().trim();
        // a duration fits in far fewer characters; parsing a number of millions of digits takes minutes
        if (text.isEmpty() || text.length() > MAX_DURATION_CHARS) {
            return null;
        }
        try {
            if (text.startsWith("P") || text.startsWith("p")) {
                return Duration.parse(text);
            }
            return secondsOf(new BigDecimal(text));
        } catch (NumberFormatException | DateTimeParseException e) {
            return null;
        }
    }

    /**
     * Checks the magnitude before converting: a short text such as {@code 1e99999999} would otherwise make the
     * conversion compute a number of that many digits.
     */
    private static Duration secondsOf(BigDecimal seconds) {
        if (seconds.signum() == 0) {
            return Duration.ZERO;
        }
        if (seconds.abs().compareTo(MAX_SECONDS) > 0) {
            return null;
        }
        if (seconds.precision() - seconds.scale() < -9) {
            return Duration.ZERO; // under a nanosecond
        }
        return Duration.ofNanos(seconds.movePointRight(9).longValue());
    }
}
