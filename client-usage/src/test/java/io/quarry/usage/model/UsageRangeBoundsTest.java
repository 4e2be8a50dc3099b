package io.quarry.usage.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A range is refused when made if the service's four-digit-year timestamps cannot write its ends. */
class UsageRangeBoundsTest {

    private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
    private static final Instant PAST_LAST = Instant.parse("+10000-01-01T00:00:00Z");

    @Test
    void theFirstAndLastDaysOfFourDigitYearsAreRanges() {
        UsageRange first = UsageRange.daily(FIRST, FIRST.plus(Duration.ofDays(1)));
        UsageRange last = UsageRange.hourly(PAST_LAST.minus(Duration.ofDays(7)), PAST_LAST.minusNanos(1));

        assertThat(first.start()).hasToString("0000-01-01T00:00:00Z");
        assertThat(last.end()).hasToString("9999-12-31T23:59:59.999999999Z");
    }

    @Test
    void endsOutsideFourDigitYearsAreRefused() {
        assertThatThrownBy(() -> UsageRange.daily(FIRST.minusMillis(1), FIRST.plus(Duration.ofDays(1))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("0000 to 9999");
        assertThatThrownBy(() -> UsageRange.hourly(PAST_LAST.minus(Duration.ofHours(1)), PAST_LAST))
                .isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> UsageRange.daily(Instant.MAX.minus(Duration.ofDays(1)), Instant.MAX))
                .isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> UsageRange.daily(Instant.MIN, Instant.MIN.plus(Duration.ofDays(1))))
                .isInstanceOf(InvalidRequestException.class);
    }
}
