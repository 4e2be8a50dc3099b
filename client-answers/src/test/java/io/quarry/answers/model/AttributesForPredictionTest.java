package io.quarry.answers.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** attributesForPrediction takes names, refusing a null one as the query's other members do. */
class AttributesForPredictionTest {

    @Test
    void aNullAttributeIsAnInvalidRequest() {
        AnswersQuery query = AnswersQuery.of("battery", "en");

        assertThatThrownBy(() -> query.attributesForPrediction("title", null))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("attributesForPrediction");
        assertThat(query.attributesForPrediction(List.of("title")).attributesForPrediction())
                .contains(List.of("title"));
        assertThat(query.attributesForPrediction((List<String>) null).attributesForPrediction())
                .isEmpty();
    }

    @Test
    void aNullArrayIsRefusedNamingIt() {
        // the list form takes null for the default; an array of none is no way to say so
        assertThatThrownBy(() -> AnswersQuery.of("battery", "en").attributesForPrediction((String[]) null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("attributes");
    }
}
