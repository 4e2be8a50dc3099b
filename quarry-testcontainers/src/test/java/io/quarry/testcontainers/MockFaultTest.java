package io.quarry.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Faults as the control endpoints take them, and as values. */
class MockFaultTest {

    @Test
    void writesTheServersJson() {
        assertThat(MockFault.status(503).toJson()).isEqualTo("{\"type\": \"status\", \"status\": 503, \"delayMs\": 0}");
        assertThat(MockFault.closeBeforeResponse()
                        .withDelay(Duration.ofMillis(200))
                        .toJson())
                .isEqualTo("{\"type\": \"closeBeforeResponse\", \"delayMs\": 200}");
        assertThat(MockFault.delay(Duration.ofSeconds(2)).toJson())
                .isEqualTo("{\"type\": \"delay\", \"delayMs\": 2000}");
        assertThat(MockFault.failAfterWrite(500).toJson())
                .isEqualTo("{\"type\": \"failAfterWrite\", \"status\": 500, \"delayMs\": 0}");
    }

    @Test
    void refusesWhatTheServerWould() {
        assertThatThrownBy(() -> MockFault.status(99)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MockFault.status(600)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MockFault.delay(Duration.ofSeconds(61))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MockFault.nonJsonBody().withDelay(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void faultsBuiltAlikeAreEqual() {
        MockFault one = MockFault.failAfterWrite(503).withDelay(Duration.ofMillis(200));
        MockFault two = MockFault.failAfterWrite(503).withDelay(Duration.ofMillis(200));

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two).hasToString(two.toString());
        assertThat(one).isNotEqualTo(MockFault.failAfterWrite(500).withDelay(Duration.ofMillis(200)));
        assertThat(one).isNotEqualTo(MockFault.failAfterWrite(503));
        assertThat(one).isNotEqualTo(MockFault.status(503).withDelay(Duration.ofMillis(200)));
        assertThat(MockFault.delay(Duration.ofSeconds(1))).isEqualTo(MockFault.delay(Duration.ofMillis(1_000)));
        assertThat(MockFault.closeMidResponse()).isNotEqualTo(MockFault.closeBeforeResponse());
    }
}
