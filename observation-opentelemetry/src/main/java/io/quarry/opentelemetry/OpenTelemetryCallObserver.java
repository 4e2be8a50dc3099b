package io.quarry.opentelemetry;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import java.util.List;
import java.util.Objects;

/**
 * Makes every call of a Quarry client an OpenTelemetry span, with metrics:
 *
 * <pre>{@code
 * ClientConfig config = ClientConfig.builder(appId, apiKey)
 *         .callObserver(OpenTelemetryCallObserver.of())   // GlobalOpenTelemetry: the Java agent's, for one
 *         .build();
 * }</pre>
 *
 * A call that sends one request is a {@code CLIENT} span named {@code <product>.<operation>} ({@code search.search});
 * a composite call (a chunked write, {@code waitForTask}...) an {@code INTERNAL} span holding its calls' spans. The
 * span's parent is the composite call it is part of, else the context current on the caller's thread. While a try
 * is handed to OkHttp the call's span is current, so an OkHttp instrumentation's HTTP spans are its children; an
 * asynchronous call's future completes with the caller's context and MDC current again.
 *
 * <p>Trace context: each request of a call carries the call's span context, written by the instance's propagator
 * ({@code getPropagators().getTextMapPropagator()}): with the W3C propagators, {@code traceparent}, {@code tracestate}
 * and {@code baggage}, so the service and the proxies in between can join their logs to the trace. Every try of a
 * call carries the call's span (the tries are its events); an OkHttp instrumentation that makes a span per try
 * replaces it with its try's. An instance with no propagator configured (the SDK's default, or
 * {@code otel.propagators=none}) sends nothing.
 *
 * <p>Metrics: {@value #DURATION} (histogram, seconds; product, operation, method, outcome, status class, error
 * type), the counters {@value #RETRIES}, {@value #FAILOVERS}, {@value #HOSTS_DOWN} and {@value #ROUNDS} (product,
 * operation, method; a round is also a {@code quarry.round} span event with its number and wait), and for the batch calls that write records (a chunked write's, an ingester's) the counters
 * {@value #INGEST_RECORDS} and {@value #INGEST_BYTES} (product, the operation of the helper that made them, outcome),
 * so a long reindex shows its progress and its failed records.
 */
public final class OpenTelemetryCallObserver implements CallObserver {

    /** The instrumentation scope name of the tracer and meter. */
    public static final String INSTRUMENTATION_NAME = "io.quarry.opentelemetry";
    /** The duration histogram. */
    public static final String DURATION = "quarry.client.call.duration";
    /** The counter of tries after the first. */
    public static final String RETRIES = "quarry.client.call.retries";
    /** The counter of tries on another host than the try before. */
    public static final String FAILOVERS = "quarry.client.call.failovers";
    /** The counter of tries after which their host was marked down. */
    public static final String HOSTS_DOWN = "quarry.client.call.hosts.down";
    /** The counter of rounds of tries started after every host failed the round before. */
    public static final String ROUNDS = "quarry.client.call.rounds";
    /** The counter of records written by batch calls, by outcome. */
    public static final String INGEST_RECORDS = "quarry.client.ingest.records";
    /** The counter of request body bytes of batch calls that write records, by outcome. */
    public static final String INGEST_BYTES = "quarry.client.ingest.bytes";

    final Tracer tracer;
    /** The instance's propagator, which writes each try's trace headers; null when it is the no-op one. */
    final TextMapPropagator propagator;

    final DoubleHistogram duration;
    final LongCounter retries;
    final LongCounter failovers;
    final LongCounter hostsDown;
    final LongCounter rounds;
    final LongCounter ingestRecords;
    final LongCounter ingestBytes;

    private OpenTelemetryCallObserver(OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer(INSTRUMENTATION_NAME);
        TextMapPropagator configured = openTelemetry.getPropagators().getTextMapPropagator();
        // the default, with no propagator configured: nothing to send, so no call makes a carrier
        this.propagator = configured == TextMapPropagator.noop() ? null : configured;
        Meter meter = openTelemetry.getMeter(INSTRUMENTATION_NAME);
        this.duration = meter.histogramBuilder(DURATION)
                .setUnit("s")
                .setDescription("Duration of Quarry client calls, every try and wait included")
                .setExplicitBucketBoundariesAdvice(
                        List.of(0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0))
                .build();
        this.retries = meter.counterBuilder(RETRIES)
                .setUnit("{try}")
                .setDescription("Tries of Quarry calls after their first")
                .build();
        this.failovers = meter.counterBuilder(FAILOVERS)
                .setUnit("{try}")
                .setDescription("Tries of Quarry calls on another host than the try before")
                .build();
        this.hostsDown = meter.counterBuilder(HOSTS_DOWN)
                .setUnit("{try}")
                .setDescription("Tries of Quarry calls after which their host was marked down")
                .build();
        this.rounds = meter.counterBuilder(ROUNDS)
                .setUnit("{round}")
                .setDescription("Rounds of tries of Quarry calls started after every host failed the round before")
                .build();
        this.ingestRecords = meter.counterBuilder(INGEST_RECORDS)
                .setUnit("{record}")
                .setDescription("Records written by Quarry batch calls, by the outcome of their call")
                .build();
        this.ingestBytes = meter.counterBuilder(INGEST_BYTES)
                .setUnit("By")
                .setDescription("Request body bytes of Quarry batch calls writing records, by outcome")
                .build();
    }

    /**
     * An observer on {@link GlobalOpenTelemetry}: the OpenTelemetry Java agent's, or the one the application
     * registered globally.
     *
     * @return the observer
     */
    public static OpenTelemetryCallObserver of() {
        return of(GlobalOpenTelemetry.get());
    }

    /**
     * An observer on an OpenTelemetry instance.
     *
     * @param openTelemetry the instance providing the tracer and the meter
     * @return the observer
     */
    public static OpenTelemetryCallObserver of(OpenTelemetry openTelemetry) {
        return new OpenTelemetryCallObserver(Objects.requireNonNull(openTelemetry, "openTelemetry"));
    }

    @Override
    public ObservedCall callStarted(CallDescription call) {
        return new OpenTelemetryObservedCall(this, Objects.requireNonNull(call, "call"));
    }
}
