package io.quarry.answers.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A query's search parameters are its own all the way down: a nested list the caller keeps changes nothing. */
class SearchParametersCopiedTest {

    @Test
    void aNestedListOfTheParametersIsCopied() {
        List<Object> facetFilters = new ArrayList<>(List.of("type:phone"));
        AnswersQuery query =
                AnswersQuery.of("battery life", "en").searchParameters(Map.of("facetFilters", facetFilters));
        AnswersQuery same =
                AnswersQuery.of("battery life", "en").searchParameters(Map.of("facetFilters", List.of("type:phone")));

        facetFilters.add("brand:acme");

        assertThat(query).isEqualTo(same).hasSameHashCodeAs(same);
        assertThatThrownBy(() -> ((List<?>) query.searchParameters().get("facetFilters")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
