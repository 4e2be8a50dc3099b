package io.quarry.core;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The rate-limit state the service reports in {@code X-RateLimit-Limit}, {@code X-RateLimit-Remaining} and
 * {@code X-RateLimit-Reset}. The reset header is a Unix time in seconds.
 *
 * @param limit     calls allowed in the current window
 * @param remaining calls left in the current window
 * @param reset     when the window resets
 */
public record RateLimit(long limit, long remaining, Instant reset) {

    /** Header with the number of calls allowed in the window. */
    public static final String LIMIT_HEADER = "X-RateLimit-Limit";
    /** Header with the number of calls left in the window. */
    public static final String REMAINING_HEADER = "X-RateLimit-Remaining";
    /** Header with the Unix time, in seconds, at which the window resets. */
    public static final String RESET_HEADER = "X-RateLimit-Reset";

    /**
     * Parses the three headers; absent when any is missing or not an integer, or the reset is no instant.
     *
     * @param headers response headers; names are matched case-insensitively
     * @return the rate limit
     */
    public static Optional<RateLimit> fromHeaders(Map<String, List<String>> headers) {
        Objects.requireNonNull(headers, "headers");
        Long limit = number(headers, LIMIT_HEADER);
        Long remaining = number(headers, REMAINING_HEADER);
        Long reset = number(headers, RESET_HEADER);
        if (limit == null || remaining == null || reset == null) {
            return Optional.empty();
        }
        if (reset < Instant.MIN.getEpochSecond() || reset > Instant.MAX.getEpochSecond()) {
            return Optional.empty(); // no instant: not a reset time (Instant.ofEpochSecond would throw)
        }
        return Optional.of(new RateLimit(limit, remaining, Instant.ofEpochSecond(reset)));
    }

    private static Long number(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))
                    && !e.getValue().isEmpty()) {
                try {
                    return Long.parseLong(e.getValue().get(0).trim());
                } catch (NumberFormatException ignored) {
                    return null;
                }
            }
        }
        return null;
    }
}
