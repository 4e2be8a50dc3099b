package io.quarry.answers.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A query is a value, as a search query is: two built alike are equal, so a test can match the query sent. */
class AnswersQueryEqualityTest {

    @Test
    void queriesBuiltAlikeAreEqual() {
        AnswersQuery one = AnswersQuery.of("battery life", "en")
                .attributesForPrediction("title")
                .searchParameters(Map.of("filters", "type:phone"))
                .nbHits(5);
        AnswersQuery two = AnswersQuery.of("battery life", "en")
                .attributesForPrediction("title")
                .searchParameters(Map.of("filters", "type:phone"))
                .nbHits(5);

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(one).isNotEqualTo(two.nbHits(6)).isNotEqualTo(two.withoutExtractAttribute());
    }
}
