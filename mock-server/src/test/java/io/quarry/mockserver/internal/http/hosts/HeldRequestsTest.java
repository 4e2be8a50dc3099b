package io.quarry.mockserver.internal.http.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A host's held requests as the server stops: closed, never answered. */
class HeldRequestsTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    private final HeldRequests held = new HeldRequests();
    private final AtomicInteger closed = new AtomicInteger();

    @Test
    void theStopClosesTheRequestsHeld() {
        held.holdUntil(NOW.plus(Duration.ofHours(1)));
        assertThat(held.hold(closed::incrementAndGet, NOW)).isTrue();
        assertThat(closed).hasValue(0);

        held.stop();

        assertThat(closed).hasValue(1);
    }

    @Test
    void aRequestReachingTheHoldsCheckAfterTheStopIsClosedNotLetThrough() {
        // counted by its host before the stop, it reaches the check only after: it came during the hold
        held.holdUntil(NOW.plus(Duration.ofHours(1)));
        held.stop();

        assertThat(held.hold(closed::incrementAndGet, NOW)).isTrue();
        assertThat(closed).hasValue(1);
    }

    @Test
    void withNoHoldOnAtTheStopRequestsGoThrough() {
        held.stop();

        assertThat(held.hold(closed::incrementAndGet, NOW)).isFalse();
        assertThat(closed).hasValue(0);
    }
}
