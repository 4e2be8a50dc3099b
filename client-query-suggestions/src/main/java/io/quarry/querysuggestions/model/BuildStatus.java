package io.quarry.querysuggestions.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The build state of a suggestions index.
 *
 * @param indexName                   the suggestions index
 * @param running                     whether a build is in progress
 * @param lastBuiltAt                 when the last build ended, or null before the first
 * @param lastSuccessfulBuiltAt       when the last successful build ended, or null
 * @param lastSuccessfulBuildDuration how long the last successful build took, or null
 */
public record BuildStatus(
        String indexName,
        boolean running,
        Instant lastBuiltAt,
        Instant lastSuccessfulBuiltAt,
        Duration lastSuccessfulBuildDuration) {

    /** The bounds of a {@code Duration}'s whole seconds: from the least long to just under the largest plus one. */
    private static final BigDecimal MIN_SECONDS = BigDecimal.valueOf(Long.MIN_VALUE);

    private static final BigDecimal PAST_MAX_SECONDS =
            BigDecimal.valueOf(Long.MAX_VALUE).add(BigDecimal.ONE);

    /**
     * Reads the service's JSON: the duration comes as seconds (a number, or a number as text) or as ISO-8601; a
     * number of seconds past a {@code Duration}'s range fails to decode.
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
        if (text.isEmpty()) {
            return null;
        }
        if (text.startsWith("P") || text.startsWith("p")) {
            return Duration.parse(text);
        }
        BigDecimal seconds;
        try {
            seconds = new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
        return durationOf(seconds);
    }

    /** Exactly, to the nanosecond: a count of seconds past a {@code Duration}'s range is refused, never wrapped. */
    private static Duration durationOf(BigDecimal seconds) {
        if (seconds.compareTo(MIN_SECONDS) < 0 || seconds.compareTo(PAST_MAX_SECONDS) >= 0) {
            throw new IllegalArgumentException("lastSuccessfulBuildDuration " + seconds + " s is out of range");
        }
        if (seconds.precision() - seconds.scale() < -9) {
            return Duration.ZERO; // under a nanosecond, however many zeros its text has
        }
        BigDecimal whole = seconds.setScale(0, RoundingMode.FLOOR);
        return Duration.ofSeconds(
                whole.longValueExact(),
                seconds.subtract(whole).movePointRight(9).longValue());
    }
}
