package io.quarry.mockserver.internal.products.monitoring;

import java.time.Duration;
import java.util.Locale;

/** The periods of infrastructure metrics: each spans {@code points} buckets of {@code resolution}. */
enum InfrastructurePeriod {
    MINUTE(Duration.ofSeconds(10), 10),
    HOUR(Duration.ofMinutes(1), 60),
    DAY(Duration.ofMinutes(10), 144),
    WEEK(Duration.ofHours(1), 168),
    MONTH(Duration.ofDays(1), 30);

    private final long resolutionMillis;
    private final int points;

    InfrastructurePeriod(Duration resolution, int points) {
        this.resolutionMillis = resolution.toMillis();
        this.points = points;
    }

    long resolutionMillis() {
        return resolutionMillis;
    }

    int points() {
        return points;
    }

    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@return the period, or {@code null} for a name the service does not know} */
    static InfrastructurePeriod parse(String name) {
        for (InfrastructurePeriod period : values()) {
            if (period.wireName().equals(name)) {
                return period;
            }
        }
        return null;
    }
}
