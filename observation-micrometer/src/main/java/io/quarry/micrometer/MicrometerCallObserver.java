package io.quarry.micrometer;

import io.micrometer.observation.ObservationRegistry;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import java.util.Objects;

/**
 * Makes every call of a Quarry client a Micrometer {@link io.micrometer.observation.Observation}:
 *
 * <pre>{@code
 * ClientConfig config = ClientConfig.builder(appId, apiKey)
 *         .callObserver(MicrometerCallObserver.of(observationRegistry))
 *         .build();
 * }</pre>
 *
 * The observation's parent is the composite call it is part of, else the observation current on the caller's
 * thread; it is the current observation while the call's requests are sent, and an asynchronous call's future
 * completes with the caller's observation and MDC current again. Keys, events and counters are listed by
 * {@link QuarryObservationDocumentation}. A registry that is a no-op makes the calls do almost nothing more.
 */
public final class MicrometerCallObserver implements CallObserver {

    private static final QuarryObservationConvention DEFAULT = new DefaultQuarryObservationConvention();

    private final ObservationRegistry registry;
    private final QuarryObservationConvention convention;

    private MicrometerCallObserver(ObservationRegistry registry, QuarryObservationConvention convention) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.convention = convention;
    }

    /**
     * An observer reporting to a registry with the default convention.
     *
     * @param registry the observation registry (Spring Boot's, or one with a meter handler)
     * @return the observer
     */
    public static MicrometerCallObserver of(ObservationRegistry registry) {
        return new MicrometerCallObserver(registry, null);
    }

    /**
     * An observer reporting to a registry with a custom convention (names and key values).
     *
     * @param registry   the observation registry
     * @param convention the convention overriding the default
     * @return the observer
     */
    public static MicrometerCallObserver of(ObservationRegistry registry, QuarryObservationConvention convention) {
        return new MicrometerCallObserver(registry, Objects.requireNonNull(convention, "convention"));
    }

    @Override
    public ObservedCall callStarted(CallDescription call) {
        if (registry.isNoop()) {
            return ObservedCall.NONE;
        }
        return new MicrometerObservedCall(call, registry, convention, DEFAULT);
    }
}
