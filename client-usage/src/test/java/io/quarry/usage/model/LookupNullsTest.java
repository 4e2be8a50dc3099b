package io.quarry.usage.model;

import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A statistic looked up as null is refused, naming it, rather than read as one without data. */
class LookupNullsTest {

    @Test
    void aLookupNamesTheMissingStatistic() {
        UsageStatistics statistics = new UsageStatistics(Map.of());

        assertThatNullPointerException()
                .isThrownBy(() -> statistics.forStatistic(null))
                .withMessage("statistic");
        assertThatNullPointerException()
                .isThrownBy(() -> statistics.total(null))
                .withMessage("statistic");
    }
}
