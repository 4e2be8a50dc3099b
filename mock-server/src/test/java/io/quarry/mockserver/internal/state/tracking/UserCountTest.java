package io.quarry.mockserver.internal.state.tracking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Distinct users: exact up to the limit, then an estimate; unions of either. */
class UserCountTest {

    private static UserCount of(String prefix, int users) {
        UserCount count = new UserCount();
        for (int i = 0; i < users; i++) {
            count.add(UserCount.hash(prefix + i));
            count.add(UserCount.hash(prefix + i));
        }
        return count;
    }

    @Test
    void exactUpToTheLimitAndUnionsOfExactCountsStayExact() {
        assertThat(of("a", UserCount.EXACT_LIMIT).count()).isEqualTo(UserCount.EXACT_LIMIT);
        UserCount union = new UserCount();
        union.addAll(of("a", 1000));
        union.addAll(of("a", 1500));
        union.addAll(of("b", 10));
        assertThat(union.count()).isEqualTo(1510);
    }

    @Test
    void anEstimateBeyondTheLimitWithinAFewPercent() {
        UserCount many = of("a", 100_000);
        assertThat((double) many.count()).isCloseTo(100_000, within(5_000.0));
        UserCount union = new UserCount();
        union.addAll(of("b", 20));
        union.addAll(many);
        union.addAll(of("a", 50_000));
        assertThat((double) union.count()).isCloseTo(100_020, within(5_000.0));
        assertThat((double) of("c", 6_000).count()).isCloseTo(6_000, within(300.0));
    }
}
