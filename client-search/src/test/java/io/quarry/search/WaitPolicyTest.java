package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.WaitPolicy;
import io.quarry.core.WaitTimeoutException;
import io.quarry.core.spi.Polling;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WaitPolicyTest {

    @Test
    void delaysGrowUpToTheCap() {
        WaitPolicy policy = new WaitPolicy(10, Duration.ofMillis(100), Duration.ofMillis(300), 2);

        assertThat(policy.delayAfter(0)).isEqualTo(Duration.ofMillis(100));
        assertThat(policy.delayAfter(1)).isEqualTo(Duration.ofMillis(200));
        assertThat(policy.delayAfter(2)).isEqualTo(Duration.ofMillis(300));
        assertThat(policy.delayAfter(1000)).isEqualTo(Duration.ofMillis(300));
        Duration forever = Duration.ofSeconds(Long.MAX_VALUE);
        WaitPolicy patient = new WaitPolicy(3, Duration.ofMillis(100), forever, 2);
        assertThat(patient.delayAfter(1)).isEqualTo(Duration.ofMillis(200));
        assertThat(patient.delayAfter(40)).isEqualTo(Duration.ofMillis(100L << 40));
        assertThat(patient.delayAfter(64)).isEqualTo(forever);
        assertThat(new WaitPolicy(3, forever, forever, 2).delayAfter(5)).isEqualTo(forever);
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> new WaitPolicy(0, Duration.ZERO, Duration.ZERO, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WaitPolicy(1, Duration.ofSeconds(2), Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WaitPolicy(1, Duration.ZERO, Duration.ZERO, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pollsAtMostMaxAttemptsThenTimesOut() {
        AtomicInteger attempts = new AtomicInteger();
        WaitPolicy three = new WaitPolicy(3, Duration.ofMillis(1), Duration.ofMillis(1), 1);

        assertThatThrownBy(() -> Polling.poll("thing", three, () -> {
                    attempts.incrementAndGet();
                    return Optional.empty();
                }))
                .isInstanceOf(WaitTimeoutException.class)
                .hasMessageContaining("thing");
        assertThat(attempts).hasValue(3);
        assertThat(Polling.poll("thing", three, () -> Optional.of(attempts.incrementAndGet())))
                .isEqualTo(4);
    }

    @Test
    void asyncPollingSurfacesTheCheckFailure() {
        WaitPolicy three = new WaitPolicy(3, Duration.ofMillis(1), Duration.ofMillis(1), 1);
        IllegalStateException boom = new IllegalStateException("boom");

        CompletableFuture<Object> failed =
                Polling.pollAsync("thing", three, () -> CompletableFuture.failedFuture(boom));

        assertThat(failed)
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCause(boom);
    }
}
