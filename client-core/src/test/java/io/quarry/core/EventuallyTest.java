package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.testing.Eventually;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The tests' one wait: returns once the condition holds, and fails naming what it waited for when it does not. */
class EventuallyTest {

    @Test
    void returnsOnceAnotherThreadMakesTheConditionHold() throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        CountDownLatch polled = new CountDownLatch(3);
        Thread other = new Thread(() -> {
            try {
                // only once the waiting thread has seen the condition false a few times
                if (polled.await(10, TimeUnit.SECONDS)) {
                    done.set(true);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        other.start();

        Eventually.waitUntil("the other thread to set the flag", () -> {
            polled.countDown();
            return done.get();
        });

        assertThat(done).isTrue();
        assertThat(polled.getCount()).isZero();
        other.join();
    }

    @Test
    void aConditionThatHoldsAtOnceIsCheckedOnce() throws Exception {
        AtomicInteger checks = new AtomicInteger();

        Eventually.waitUntil("nothing", () -> checks.incrementAndGet() > 0, Duration.ofMillis(1));

        assertThat(checks).hasValue(1);
    }

    @Test
    void failsAfterTheLimitNamingWhatItWaitedFor() {
        AtomicInteger checks = new AtomicInteger();

        assertThatThrownBy(() -> Eventually.waitUntil(
                        "the second request to reach the server",
                        () -> checks.incrementAndGet() < 0,
                        Duration.ofMillis(50)))
                .isExactlyInstanceOf(AssertionError.class)
                .hasMessage("waited 50 ms for the second request to reach the server");
        assertThat(checks.get()).isGreaterThan(1);
    }

    @Test
    void theMessageGivesWholeSecondsInSeconds() {
        assertThatThrownBy(() -> Eventually.waitUntil("the flag", () -> false, Duration.ofSeconds(0)))
                .hasMessage("waited 0 s for the flag");
        assertThat(Eventually.DEFAULT_LIMIT).isEqualTo(Duration.ofSeconds(10));
    }
}
