package io.quarry.core.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import okhttp3.Headers;

/**
 * Reads a {@code Retry-After} header: a number of seconds, or an HTTP date in any of the three forms HTTP allows
 * (IMF-fixdate, the obsolete RFC 850 form and asctime's), read by OkHttp's own date parsing. The field is a singleton:
 * an answer that gives it twice with waits that differ (or one of them unreadable) asks for no wait, as the client
 * cannot tell which one the server meant, so the call waits as it would without the header; the same wait given twice
 * (a proxy repeating the field) is that wait.
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
     * @return the wait in nanoseconds, 0 when there is no header, it cannot be read, it is given twice with
     *     differing waits, or its time has passed
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
     * @return the wait, zero when its time has passed; null when there is no header, it cannot be read, or it is
     *     given twice with differing waits
     */
    static Duration wait(Headers headers, Instant now) {
        Duration wait = null;
        int fields = 0;
        for (int i = 0, n = headers.size(); i < n; i++) {
            if (!headers.name(i).equalsIgnoreCase(HEADER)) {
                continue;
            }
            Duration one = read(headers.value(i), now);
            if (fields++ > 0 && (one == null || !one.equals(wait))) {
                // a singleton field given twice with differing values (RFC 9110, section 5.3): neither is believed
                return null;
            }
            wait = one;
        }
        return wait;
    }

    private static Duration read(String value, Instant now) {
        if (value.isBlank()) {
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
            // OkHttp's parsing of HTTP's dates, on this field alone
            Date date = new Headers.Builder()
                    .addUnsafeNonAscii(HEADER, text)
                    .build()
                    .getDate(HEADER);
            if (date == null) {
                return null;
            }
            wait = Duration.between(now, date.toInstant());
        }
        return wait.isNegative() ? Duration.ZERO : wait;
    }
}
