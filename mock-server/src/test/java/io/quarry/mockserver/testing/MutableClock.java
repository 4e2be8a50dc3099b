package io.quarry.mockserver.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A clock tests move by hand, so nothing sleeps. */
public final class MutableClock extends Clock {

    private final AtomicLong millis;

    /** @param start the initial instant */
    public MutableClock(Instant start) {
        this.millis = new AtomicLong(start.toEpochMilli());
    }

    /** @param step how far to move forward */
    public void advance(Duration step) {
        millis.addAndGet(step.toMillis());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }

    @Override
    public long millis() {
        return millis.get();
    }
}
