package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Faults are values: built alike they are equal, so a test can compare the faults it scripts. */
class FaultEqualityTest {

    @Test
    void faultsBuiltAlikeAreEqual() {
        Fault one = Fault.status(429, Map.of("Retry-After", "1")).withDelay(Duration.ofMillis(100));
        Fault two = Fault.status(429, Map.of("Retry-After", "1")).withDelay(Duration.ofMillis(100));

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two).hasToString(two.toString());
        assertThat(one)
                .isNotEqualTo(Fault.status(429, Map.of("Retry-After", "2")).withDelay(Duration.ofMillis(100)));
        assertThat(one).isNotEqualTo(Fault.status(429, Map.of("Retry-After", "1")));
        assertThat(one).isNotEqualTo(Fault.failAfterWrite(429).withDelay(Duration.ofMillis(100)));
        assertThat(Fault.status(503)).isEqualTo(Fault.status(503, Map.of()));
        assertThat(Fault.closeMidResponse()).isNotEqualTo(Fault.closeBeforeResponse());
    }
}
