package io.quarry.insights.model;

import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A click built by its canonical constructor names a missing list, as its factories do. */
class ClickNullsTest {

    @Test
    void aMissingListIsNamed() {
        assertThatNullPointerException()
                .isThrownBy(() -> new Click("q1", 0, 20, null, List.of()))
                .withMessage("objectIDs");
        assertThatNullPointerException()
                .isThrownBy(() -> new Click("q1", 0, 20, List.of(), null))
                .withMessage("hitIndices");
    }
}
