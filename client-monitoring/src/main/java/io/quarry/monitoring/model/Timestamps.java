package io.quarry.monitoring.model;

import java.time.Instant;

/** Reads the service's integer timestamps, which are milliseconds, or seconds in some infrastructure answers. */
final class Timestamps {

    /** Below this a timestamp is read as seconds: in milliseconds it would fall in 1973. */
    private static final long SECONDS_BELOW = 100_000_000_000L;

    private Timestamps() {}

    static Instant instant(long t) {
        return Math.abs(t) < SECONDS_BELOW ? Instant.ofEpochSecond(t) : Instant.ofEpochMilli(t);
    }
}
