package io.quarry.monitoring.model;

import java.time.Duration;

/** The span of infrastructure metrics, each with a fixed resolution and number of points. */
public enum InfrastructurePeriod {
    /** The last minute, one point per 10 seconds (10 points). */
    MINUTE("minute", Duration.ofSeconds(10), 10),
    /** The last hour, one point per minute (60 points). */
    HOUR("hour", Duration.ofMinutes(1), 60),
    /** The last day, one point per 10 minutes (144 points). */
    DAY("day", Duration.ofMinutes(10), 144),
    /** The last week, one point per hour (168 points). */
    WEEK("week", Duration.ofHours(1), 168),
    /** The last month, one point per day (30 points). */
    MONTH("month", Duration.ofDays(1), 30);

    private final String wireName;
    private final Duration resolution;
    private final int points;

    InfrastructurePeriod(String wireName, Duration resolution, int points) {
        this.wireName = wireName;
        this.resolution = resolution;
        this.points = points;
    }

    /** {@return the name the service uses in paths} */
    public String wireName() {
        return wireName;
    }

    /** {@return the time between two points} */
    public Duration resolution() {
        return resolution;
    }

    /** {@return the number of points of a series} */
    public int points() {
        return points;
    }

    @Override
    public String toString() {
        return wireName;
    }
}
