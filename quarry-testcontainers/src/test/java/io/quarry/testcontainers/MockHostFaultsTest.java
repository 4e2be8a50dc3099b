package io.quarry.testcontainers;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.testcontainers.internal.ControlEndpoint;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Durations the server would not take are refused before any request; no Docker needed. */
class MockHostFaultsTest {

    /** Nothing listens there: a request sent would fail otherwise than with the refusal looked for. */
    private final MockHostFaults faults = new MockHostFaults(0, new ControlEndpoint("http://127.0.0.1:9", "key"));

    @Test
    void aDurationOutOfRangeIsRefusedAsSuchEvenOneNoLongHolds() {
        for (Duration duration : List.of(
                Duration.ZERO,
                Duration.ofNanos(999_999),
                Duration.ofMillis(-1),
                Duration.ofDays(1).plusMillis(1),
                Duration.ofSeconds(Long.MAX_VALUE),
                Duration.ofSeconds(Long.MIN_VALUE))) {
            assertThatThrownBy(() -> faults.during(duration, MockFault.status(503)))
                    .as(duration.toString())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("duration must be 1 ms to a day");
            assertThatThrownBy(() -> faults.hold(duration))
                    .as(duration.toString())
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
