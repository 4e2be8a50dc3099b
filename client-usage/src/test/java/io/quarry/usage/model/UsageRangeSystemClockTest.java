package io.quarry.usage.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** The factories without a clock read the system's UTC clock; a clock's zone never moves the UTC day. */
class UsageRangeSystemClockTest {

    @Test
    void theLast24HoursEndNow() {
        Instant before = Instant.now();
        UsageRange range = UsageRange.lastHours24();
        Instant after = Instant.now();

        assertThat(range.end()).isBetween(before, after);
        assertThat(range.start()).isEqualTo(range.end().minus(Duration.ofHours(24)));
        assertThat(range.granularity()).isEqualTo(Granularity.HOURLY);
    }

    @Test
    void theLastDaysEndNow() {
        Instant before = Instant.now();
        UsageRange range = UsageRange.lastDays(30);
        Instant after = Instant.now();

        assertThat(range.end()).isBetween(before, after);
        assertThat(range.start()).isEqualTo(range.end().minus(Duration.ofDays(30)));
        assertThat(range.granularity()).isEqualTo(Granularity.DAILY);
    }

    @Test
    void todayStartsAtMidnightUtc() {
        Instant before = Instant.now();
        UsageRange range = UsageRange.today();
        Instant after = Instant.now();

        assertThat(range.start().atOffset(ZoneOffset.UTC).toLocalTime()).hasToString("00:00");
        // at midnight exactly the range is its first millisecond
        assertThat(range.start())
                .isIn(range.end().truncatedTo(ChronoUnit.DAYS), range.end().minusMillis(1));
        assertThat(range.end()).isBetween(before, after.plusMillis(1));
        assertThat(range.granularity()).isEqualTo(Granularity.DAILY);
    }

    @Test
    void aClocksZoneDoesNotMoveTheUtcDay() {
        Instant evening = Instant.parse("2026-03-01T22:30:00Z");
        Clock tokyo = Clock.fixed(evening, ZoneId.of("Asia/Tokyo")); // already 2 March there

        assertThat(UsageRange.today(tokyo).start()).isEqualTo(Instant.parse("2026-03-01T00:00:00Z"));
    }
}
