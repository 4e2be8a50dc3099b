package io.quarry.querysuggestions.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The build duration as the service may send it, odd values included: read at once, never wrapped around. */
class BuildStatusDurationTest {

    private static Duration duration(Object value) {
        return BuildStatus.fromJson("sugg", false, null, null, value).lastSuccessfulBuildDuration();
    }

    @Test
    void secondsAsNumberOrTextAndIsoDurationsAreRead() {
        assertThat(duration("3.5")).isEqualTo(Duration.ofMillis(3500));
        assertThat(duration(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(duration("PT1M")).isEqualTo(Duration.ofMinutes(1));
        assertThat(duration("0E+99999999")).isEqualTo(Duration.ZERO);
        assertThat(duration("1e-99999999")).isEqualTo(Duration.ZERO);
        assertThat(duration(null)).isNull();
        assertThat(duration("soon")).isNull();
    }

    @Test
    // a hang guard: unchecked, 1e99999999 computes a number of that many digits and a million digits parse for
    // minutes; the nulls are the checks
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void valuesNoDurationHoldsAreNullAtOnce() {
        assertThat(duration("1e99999999")).isNull();
        assertThat(duration("-1e99999999")).isNull();
        assertThat(duration("1e30")).isNull();
        assertThat(duration("9".repeat(1_000_000))).isNull();
        assertThat(duration("P99999999999999999D")).isNull();
    }
}
