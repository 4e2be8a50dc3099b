package io.quarry.crawler.model;

import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A count of URLs of a null outcome is refused, naming it, rather than counted as 0 when there is no row. */
class UrlStatisticsNullTest {

    @Test
    void aCountNamesTheMissingStatus() {
        assertThatNullPointerException()
                .isThrownBy(() -> new UrlStatistics(0, List.of()).count(null))
                .withMessage("status");
    }
}
