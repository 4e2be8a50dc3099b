package io.quarry.answers.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** nbHits and threshold read back as the primitive optionals every number that may be absent reads as. */
class AnswersQueryNumbersTest {

    @Test
    void anUnsetNumberIsEmptyAndASetOneReadsBack() {
        AnswersQuery query = AnswersQuery.of("battery", "en");

        OptionalInt unsetHits = query.nbHits();
        OptionalDouble unsetThreshold = query.threshold();
        assertThat(unsetHits).isEmpty();
        assertThat(unsetThreshold).isEmpty();
        assertThat(query.nbHits(5).nbHits().getAsInt()).isEqualTo(5);
        assertThat(query.threshold(0.25).threshold().getAsDouble()).isEqualTo(0.25);
        assertThat(query.threshold(0).threshold()).hasValue(0.0);
    }
}
