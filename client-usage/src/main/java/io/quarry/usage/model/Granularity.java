package io.quarry.usage.model;

import java.time.Duration;

/** How finely a range is cut into points. */
public enum Granularity {
    /** One point per hour; a range spans at most 7 days. */
    HOURLY("hourly", Duration.ofDays(7)),
    /** One point per day; a range spans at most 365 days. */
    DAILY("daily", Duration.ofDays(365));

    private final String wireName;
    private final Duration maxRange;

    Granularity(String wireName, Duration maxRange) {
        this.wireName = wireName;
        this.maxRange = maxRange;
    }

    /** {@return the name the service uses} */
    public String wireName() {
        return wireName;
    }

    /** {@return the longest range the service accepts at this granularity} */
    public Duration maxRange() {
        return maxRange;
    }

    @Override
    public String toString() {
        return wireName;
    }
}
