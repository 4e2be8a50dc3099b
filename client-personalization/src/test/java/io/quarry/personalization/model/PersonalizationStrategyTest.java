package io.quarry.personalization.model;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A strategy built with a null item says which. */
class PersonalizationStrategyTest {

    @Test
    void aNullItemIsNamed() {
        List<EventScoring> events = Arrays.asList(EventScoring.of("a", EventType.VIEW, 1), null);
        List<FacetScoring> facets = Arrays.asList((FacetScoring) null);

        assertThatThrownBy(() -> new PersonalizationStrategy(events, List.of(), 1))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("eventsScoring[1] is null");
        assertThatThrownBy(() -> PersonalizationStrategy.of(List.of(), facets, 1))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("facetsScoring[0] is null");
    }
}
