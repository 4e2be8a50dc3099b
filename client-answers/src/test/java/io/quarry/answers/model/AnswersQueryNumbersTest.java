package io.quarry.answers.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** nbHits and threshold read back as the primitive optionals every number that may be absent reads as. */
class AnswersQueryNumbersTest {

    @Test
    void anUnsetNumberIsEmptyAndASetOneReadsBack() {
        AnswersQuery query = AnswersQuery.of("battery", "en");

        assertThat(query.nbHits()).isEmpty();
        assertThat(query.threshold()).isEmpty();
        assertThat(query.nbHits(5).nbHits()).hasValue(5);
        assertThat(query.threshold(0.25).threshold()).hasValue(0.25);
        assertThat(query.threshold(0).threshold()).hasValue(0.0);
    }
}
