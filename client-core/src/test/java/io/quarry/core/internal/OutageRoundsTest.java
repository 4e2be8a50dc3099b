package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.RetryRounds;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The waits between rounds and when rounds stop, on a clock and a random source the test sets. */
class OutageRoundsTest {

    private static final long MS = 1_000_000;
    private static final long FAR_DEADLINE = Long.MAX_VALUE / 2;

    private long now;
    private double random;

    private OutageRounds rounds(RetryRounds policy) {
        return new OutageRounds(policy, 0, () -> now, () -> random);
    }

    private static RetryRounds policy() {
        return RetryRounds.forOutages()
                .maxRounds(10)
                .waits(Duration.ofMillis(100), Duration.ofMillis(800))
                .budget(Duration.ofMinutes(1));
    }

    @Test
    void theWaitDoublesEachRoundUpToTheLongest() {
        random = 0.999_999;
        OutageRounds rounds = rounds(policy());
        assertThat(rounds.round()).isEqualTo(1);
        long[] waits = new long[6];
        for (int i = 0; i < waits.length; i++) {
            waits[i] = rounds.nextWait(0, FAR_DEADLINE) / MS;
        }
        assertThat(waits).containsExactly(99, 199, 399, 799, 799, 799);
        assertThat(rounds.round()).isEqualTo(7);
    }

    @Test
    void theRandomPartTakesUpToHalfOffTheWait() {
        random = 0;
        assertThat(rounds(policy()).nextWait(0, FAR_DEADLINE)).isEqualTo(50 * MS);
        random = 0.5;
        assertThat(rounds(policy()).nextWait(0, FAR_DEADLINE)).isEqualTo(75 * MS);
    }

    @Test
    void aWaitAskedForByAHostIsHonouredWhenLongerThanTheBackoff() {
        random = 0;
        OutageRounds rounds = rounds(policy());
        assertThat(rounds.nextWait(3_000 * MS, FAR_DEADLINE)).isEqualTo(3_000 * MS);
        assertThat(rounds.nextWait(1 * MS, FAR_DEADLINE)).isEqualTo(100 * MS);
    }

    @Test
    void noRoundAfterTheLastOne() {
        OutageRounds rounds = rounds(policy().maxRounds(3));
        assertThat(rounds.nextWait(0, FAR_DEADLINE)).isPositive();
        assertThat(rounds.nextWait(0, FAR_DEADLINE)).isPositive();
        assertThat(rounds.nextWait(0, FAR_DEADLINE)).isEqualTo(OutageRounds.NO_ROUND);
        assertThat(rounds.round()).isEqualTo(3);
    }

    @Test
    void noRoundThatWouldStartPastTheBudget() {
        random = 0.999_999;
        OutageRounds rounds = rounds(policy().budget(Duration.ofSeconds(2)));
        now = 1_900 * MS;
        assertThat(rounds.nextWait(0, FAR_DEADLINE)).as("starts at 1.999 s").isPositive();
        now = 1_950 * MS;
        assertThat(rounds.nextWait(0, FAR_DEADLINE))
                .as("would start at 2.149 s")
                .isEqualTo(OutageRounds.NO_ROUND);
        assertThat(rounds.round()).isEqualTo(2);
    }

    @Test
    void noRoundThatWouldStartAtOrPastTheCallDeadline() {
        random = 0;
        OutageRounds rounds = rounds(policy());
        assertThat(rounds.nextWait(0, 50 * MS)).isEqualTo(OutageRounds.NO_ROUND);
        assertThat(rounds.nextWait(0, 51 * MS)).isEqualTo(50 * MS);
    }

    @Test
    void aWaitAskedForThatEndsPastTheBudgetEndsTheCallAtOnce() {
        OutageRounds rounds = rounds(policy().budget(Duration.ofSeconds(5)));
        assertThat(rounds.nextWait(10_000 * MS, FAR_DEADLINE)).isEqualTo(OutageRounds.NO_ROUND);
    }

    @Test
    void manyRoundsNeverOverflowTheWait() {
        random = 0.999_999;
        OutageRounds rounds = rounds(RetryRounds.forOutages()
                .maxRounds(200)
                .waits(Duration.ofMillis(1), Duration.ofDays(365))
                .budget(Duration.ofDays(100_000)));
        long last = 0;
        for (int i = 0; i < 150; i++) {
            last = rounds.nextWait(0, FAR_DEADLINE);
        }
        long max = Duration.ofDays(365).toNanos();
        assertThat(last).isBetween(max / 2, max);
    }
}
