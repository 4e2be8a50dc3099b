package io.quarry.core.internal;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Reads a {@code Retry-After} header: a number of seconds, or an HTTP date. */
final class RetryAfter {

    /** The longest wait a header is believed for: a larger one is taken as this. */
    static final Duration MAX = Duration.ofHours(1);

    private RetryAfter() {}

    /**
     * The wait a header asks for.
     *
     * @param value the header's value, or null
     * @param now   the current time, for a date
     * @return the wait in nanoseconds, 0 when there is no header, it cannot be read or its time has passed
     */
    static long nanos(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        String text = value.trim();
        Duration wait;
        try {
            wait = Duration.ofSeconds(Long.parseLong(text));
        } catch (NumberFormatException notSeconds) {
            try {
                wait = Duration.between(
                        now,
                        ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME)
                                .toInstant());
            } catch (DateTimeParseException | ArithmeticException notADate) {
                return 0;
            }
        }
        if (wait.isNegative()) {
            return 0;
        }
        return (wait.compareTo(MAX) > 0 ? MAX : wait).toNanos();
    }
}
