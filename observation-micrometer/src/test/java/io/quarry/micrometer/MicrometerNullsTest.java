package io.quarry.micrometer;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

/**
 * The observer and the default convention refuse a null at once, naming the parameter, as every factory of the SDK
 * does (the examples' probe of values cannot load this module's observer: it names micrometer-core, optional there).
 */
class MicrometerNullsTest {

    private final MicrometerCallObserver observer = MicrometerCallObserver.of(ObservationRegistry.create());

    @Test
    void theObserverNamesTheMissingPart() {
        assertThatThrownBy(() -> MicrometerCallObserver.of(null)).hasMessage("registry");
        assertThatThrownBy(() -> MicrometerCallObserver.of(ObservationRegistry.create(), null))
                .hasMessage("convention");
        assertThatThrownBy(() -> observer.countingRecordsIn(null)).hasMessage("meters");
        assertThatThrownBy(() -> observer.callStarted(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("call");
    }

    @Test
    void theDefaultConventionNamesTheMissingContext() {
        DefaultQuarryObservationConvention convention = new DefaultQuarryObservationConvention();

        assertThatThrownBy(() -> convention.getContextualName(null)).hasMessage("context");
        assertThatThrownBy(() -> convention.getLowCardinalityKeyValues(null)).hasMessage("context");
        assertThatThrownBy(() -> convention.getHighCardinalityKeyValues(null)).hasMessage("context");
    }
}
