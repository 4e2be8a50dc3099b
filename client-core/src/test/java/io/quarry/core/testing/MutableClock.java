package io.quarry.core.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests move by hand. */
public final class MutableClock extends Clock {

    private volatile Instant now;

    /** @param start the initial instant */
    public MutableClock(Instant start) {
        this.now = start;
    }

    /** @param step how far to move the clock forward; a negative step sets it back, as a clock correction may */
    public void advance(Duration step) {
        now = now.plus(step);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
