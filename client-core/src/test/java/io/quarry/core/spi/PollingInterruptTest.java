package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.TransportException;
import io.quarry.core.WaitPolicy;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PollingInterruptTest {

    @Test
    void anInterruptBetweenAttemptsEndsTheWaitWithATypedErrorAndKeepsTheFlag() {
        WaitPolicy policy = new WaitPolicy(3, Duration.ofSeconds(30), Duration.ofSeconds(30), 1.0);
        Thread.currentThread().interrupt(); // the first sleep sees it at once

        Throwable error = catchThrowable(() -> Polling.poll("task 7", policy, Optional::empty));

        assertThat(Thread.interrupted()).as("the flag is set again").isTrue();
        assertThat(error)
                .as("it was a bare IllegalStateException")
                .isInstanceOf(TransportException.class)
                .hasMessageContaining("interrupted while waiting for task 7");
    }
}
