package io.quarry.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and key values of Quarry call observations; implement it (usually by extending
 * {@link DefaultQuarryObservationConvention}) to change them, and pass it to
 * {@link MicrometerCallObserver#of(io.micrometer.observation.ObservationRegistry, QuarryObservationConvention)}.
 */
public interface QuarryObservationConvention extends ObservationConvention<QuarryCallContext> {

    /**
     * Whether the context is one of a Quarry call, as Micrometer asks each convention.
     *
     * @param context the context; null is none of ours
     * @return whether it is a {@link QuarryCallContext}
     */
    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof QuarryCallContext;
    }
}
