package io.quarry.mockserver.internal.products.usage;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * The range and granularity of a usage request: {@code startDate} inclusive, {@code endDate} exclusive, hourly
 * for at most 7 days or daily (the default) for at most 365 days. Points start on whole UTC hours or days; a
 * point is answered when it overlaps the range.
 */
record UsageRange(long startMillis, long endMillis, long stepMillis) {

    static final Duration MAX_HOURLY = Duration.ofDays(7);
    static final Duration MAX_DAILY = Duration.ofDays(365);

    static UsageRange of(Request request) {
        Instant start = timestamp(request, "startDate");
        Instant end = timestamp(request, "endDate");
        String granularity = request.query().getOrDefault("granularity", "daily");
        if (!start.isBefore(end)) {
            throw invalid("startDate must be before endDate");
        }
        Duration span = Duration.between(start, end);
        switch (granularity) {
            case "hourly" -> {
                if (span.compareTo(MAX_HOURLY) > 0) {
                    throw invalid("The range of an hourly request is at most 7 days");
                }
                return new UsageRange(
                        start.toEpochMilli(),
                        end.toEpochMilli(),
                        Duration.ofHours(1).toMillis());
            }
            case "daily" -> {
                if (span.compareTo(MAX_DAILY) > 0) {
                    throw invalid("The range of a daily request is at most 365 days");
                }
                return new UsageRange(
                        start.toEpochMilli(),
                        end.toEpochMilli(),
                        Duration.ofDays(1).toMillis());
            }
            default -> throw invalid("Invalid granularity: " + granularity + "; hourly or daily");
        }
    }

    /** {@return the start of the first point, a whole hour or day} */
    long firstPoint() {
        return Math.floorDiv(startMillis, stepMillis) * stepMillis;
    }

    private static Instant timestamp(Request request, String name) {
        String value = request.query().get(name);
        if (value == null || value.isEmpty()) {
            throw invalid(name + " is required");
        }
        OffsetDateTime parsed;
        try {
            parsed = OffsetDateTime.parse(value);
        } catch (DateTimeParseException e) {
            throw notRfc3339(name);
        }
        // RFC 3339 years have four digits; wider ones (which the parser takes) overflow millisecond arithmetic
        if (parsed.getYear() < 0 || parsed.getYear() > 9999) {
            throw notRfc3339(name);
        }
        return parsed.toInstant();
    }

    private static ApiException notRfc3339(String name) {
        return invalid(name + " must be an RFC 3339 timestamp, such as 2024-01-31T00:00:00Z");
    }

    private static ApiException invalid(String message) {
        return new ApiException(422, message);
    }
}
