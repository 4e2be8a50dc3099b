package io.quarry.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
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
 * {@link QuarryObservationDocumentation}. A registry that is a no-op (one without handlers) makes the calls do almost
 * nothing more, unless records are counted.
 *
 * <p>Trace context: with a tracing bridge whose {@code PropagatingSenderTracingObservationHandler} handles the calls
 * (Spring Boot registers one), each request carries the call's span context as the bridge's propagator writes it
 * ({@code traceparent}, {@code b3}...; see {@link QuarryCallContext}); without one, nothing is sent.
 *
 * <p>The records that batch calls write (a chunked write's chunks, an ingester's) are counted too when the observer
 * is given a {@link MeterRegistry} with {@link #countingRecordsIn(MeterRegistry)}: an observation counts events one
 * by one, not records by the thousand.
 */
public final class MicrometerCallObserver implements CallObserver {

    private static final QuarryObservationConvention DEFAULT = new DefaultQuarryObservationConvention();

    /** The counter of records written by batch calls. */
    public static final String INGEST_RECORDS = "quarry.client.ingest.records";
    /** The counter of request body bytes of batch calls that write records. */
    public static final String INGEST_BYTES = "quarry.client.ingest.bytes";

    private final ObservationRegistry registry;
    private final QuarryObservationConvention convention;
    /** Where records are counted, or null. */
    private final IngestCounters counters;

    private MicrometerCallObserver(
            ObservationRegistry registry, QuarryObservationConvention convention, IngestCounters counters) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.convention = convention;
        this.counters = counters;
    }

    /**
     * An observer reporting to a registry with the default convention.
     *
     * @param registry the observation registry (Spring Boot's, or one with a meter handler)
     * @return the observer
     */
    public static MicrometerCallObserver of(ObservationRegistry registry) {
        return new MicrometerCallObserver(registry, null, null);
    }

    /**
     * An observer reporting to a registry with a custom convention (names and key values).
     *
     * @param registry   the observation registry
     * @param convention the convention overriding the default
     * @return the observer
     */
    public static MicrometerCallObserver of(ObservationRegistry registry, QuarryObservationConvention convention) {
        return new MicrometerCallObserver(registry, Objects.requireNonNull(convention, "convention"), null);
    }

    /**
     * The same observer, also counting in a meter registry the records that batch calls write and their request
     * body bytes: counters {@value #INGEST_RECORDS} and {@value #INGEST_BYTES}, tagged with the product, the
     * operation of the helper that made the call ({@code saveObjects}, {@code ingest}, or {@code batch} when the
     * application called it) and the outcome, so a long reindex shows its progress and its failed records.
     *
     * <pre>{@code
     * MicrometerCallObserver observer =
     *         MicrometerCallObserver.of(observationRegistry).countingRecordsIn(meterRegistry);
     * }</pre>
     *
     * <p>They are counted whether or not the observation registry makes observations (it makes none without
     * handlers, or for calls its predicates turn off).
     *
     * @param meters the registry of the counters (Spring Boot's {@code MeterRegistry}); needs micrometer-core
     * @return the observer
     */
    public MicrometerCallObserver countingRecordsIn(MeterRegistry meters) {
        return new MicrometerCallObserver(
                registry, convention, new IngestCounters(Objects.requireNonNull(meters, "meters")));
    }

    @Override
    public ObservedCall callStarted(CallDescription call) {
        Objects.requireNonNull(call, "call");
        if (registry.isNoop() && counters == null) {
            // a registry with no handler makes no observation; records asked to be counted still are, under the
            // operation of their helper, which only a call observed from the helper down knows
            return ObservedCall.NONE;
        }
        return new MicrometerObservedCall(call, registry, convention, DEFAULT, call.records() > 0 ? counters : null);
    }
}
