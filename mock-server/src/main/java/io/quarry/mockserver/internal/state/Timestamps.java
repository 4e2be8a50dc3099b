package io.quarry.mockserver.internal.state;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The service's timestamp format: ISO 8601 in UTC with milliseconds, e.g. {@code 2026-01-31T12:00:00.000Z}. */
public final class Timestamps {

    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {}

    /**
     * {@return it in the service's format}
     *
     * @param epochMillis a time in epoch milliseconds
     */
    public static String iso(long epochMillis) {
        return ISO_MILLIS.format(Instant.ofEpochMilli(epochMillis));
    }
}
