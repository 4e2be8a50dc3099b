package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    @Test
    void secondsAndDatesAreReadAsWaits() {
        assertThat(RetryAfter.nanos("3", NOW)).isEqualTo(Duration.ofSeconds(3).toNanos());
        assertThat(RetryAfter.nanos(" 0 ", NOW)).isZero();
        assertThat(RetryAfter.nanos("Sun, 01 Mar 2026 10:00:07 GMT", NOW))
                .isEqualTo(Duration.ofSeconds(7).toNanos());
    }

    @Test
    void noHeaderAnUnreadableOneOrAPastDateAsksForNothing() {
        assertThat(RetryAfter.nanos(null, NOW)).isZero();
        assertThat(RetryAfter.nanos("soon", NOW)).isZero();
        assertThat(RetryAfter.nanos("-5", NOW)).isZero();
        assertThat(RetryAfter.nanos("Sun, 01 Mar 2026 09:59:00 GMT", NOW)).isZero();
    }

    @Test
    void anAbsurdWaitIsCappedAtAnHour() {
        assertThat(RetryAfter.nanos("99999999999", NOW)).isEqualTo(RetryAfter.MAX.toNanos());
    }
}
