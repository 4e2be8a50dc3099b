package io.quarry.answers.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** attributesForPrediction and searchParameters take values, refusing null as the query's other members do. */
class AttributesForPredictionTest {

    @Test
    void aNullAttributeIsAnInvalidRequest() {
        AnswersQuery query = AnswersQuery.of("battery", "en");

        assertThatThrownBy(() -> query.attributesForPrediction("title", null))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("attributesForPrediction");
        assertThat(query.attributesForPrediction(List.of("title")).attributesForPrediction())
                .contains(List.of("title"));
        assertThat(query.attributesForPrediction()).isEmpty();
    }

    @Test
    void aNullListOrArrayIsRefusedNamingIt() {
        // both forms take names only: a query built without them is the service's default, every attribute
        assertThatThrownBy(() -> AnswersQuery.of("battery", "en").attributesForPrediction((String[]) null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("attributes");
        assertThatThrownBy(() -> AnswersQuery.of("battery", "en").attributesForPrediction((List<String>) null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("attributes");
    }

    @Test
    void nullSearchParametersAreRefusedNamingThem() {
        AnswersQuery query = AnswersQuery.of("battery", "en");

        assertThatThrownBy(() -> query.searchParameters(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("parameters");
        // an empty map is how none are set, as in a query built without them
        assertThat(query.searchParameters(Map.of())).isEqualTo(query);
    }
}
