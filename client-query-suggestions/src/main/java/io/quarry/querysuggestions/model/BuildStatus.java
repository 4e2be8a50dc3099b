package io.quarry.querysuggestions.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
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
        if (text.isEmpty()) {
            return null;
        }
        if (text.startsWith("P") || text.startsWith("p")) {
            return Duration.parse(text);
        }
        try {
            BigDecimal seconds = new BigDecimal(text);
            return Duration.ofNanos(seconds.movePointRight(9).longValue());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
