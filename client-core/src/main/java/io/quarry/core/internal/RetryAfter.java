package io.quarry.core.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import okhttp3.Headers;

/**
 * Reads a {@code Retry-After} header: a number of seconds, or an HTTP date in any of the three forms HTTP allows
 * (IMF-fixdate, the obsolete RFC 850 form and asctime's), read by OkHttp's own date parsing.
 */
final class RetryAfter {

    /** The longest wait a header is believed for: a larger one is taken as this. */
    static final Duration MAX = Duration.ofHours(1);

    private static final String HEADER = "Retry-After";

    private RetryAfter() {}

    /**
     * The wait an answer's header asks for, at most {@link #MAX}.
     *
     * @param headers the answer's headers
     * @param now     the current time, for a date
     * @return the wait in nanoseconds, 0 when there is no header, it cannot be read or its time has passed
     */
    static long nanos(Headers headers, Instant now) {
        Duration wait = wait(headers, now);
        if (wait == null) {
            return 0;
        }
        return (wait.compareTo(MAX) > 0 ? MAX : wait).toNanos();
    }

    /**
     * The wait an answer's header asks for, uncapped: a number of seconds too large for a {@code long} is the
     * longest {@code Duration}.
     *
     * @param headers the answer's headers
     * @param now     the current time, for a date
     * @return the wait, zero when its time has passed; null when there is no header or it cannot be read
     */
    static Duration wait(Headers headers, Instant now) {
        String value = headers.get(HEADER);
        if (value == null || value.isBlank()) {
            return null;
        }
        Duration wait;
        String text = value.trim();
        if (text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            try {
                wait = Duration.ofSeconds(Long.parseLong(text));
            } catch (NumberFormatException tooLong) {
                wait = Duration.ofSeconds(Long.MAX_VALUE);
            }
        } else {
            Date date = headers.getDate(HEADER);
            if (date == null) {
                return null;
            }
            wait = Duration.between(now, date.toInstant());
        }
        return wait.isNegative() ? Duration.ZERO : wait;
    }
}
