package io.quarry.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.quarry.core.Host;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.ContextScope;
import io.quarry.core.spi.MdcSnapshot;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.RoundStart;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.spi.TryStart;
import java.util.HashMap;
import java.util.Map;

/** One Quarry call as a started span. */
final class OpenTelemetryObservedCall implements ObservedCall {

    /**
     * The semantic conventions' resend count: the tries after the first, set only on a call that made some. Not a
     * public constant: the key is OpenTelemetry's, and an application reading it spells it as the conventions do.
     */
    static final AttributeKey<Long> RESEND_COUNT = AttributeKey.longKey("http.request.resend_count");

    /** Writes a propagator's headers into the map the core adds to a try's request. */
    private static final TextMapSetter<Map<String, String>> HEADERS = (carrier, name, value) -> {
        if (carrier != null) {
            carrier.put(name, value);
        }
    };

    private final OpenTelemetryCallObserver observer;
    private final CallDescription call;
    private final Span span;
    /** The call's context: its parent's with the call's span. */
    private final Context context;
    /** The context current when the call started, made current again for the caller's continuations. */
    private final Context callerContext;

    /**
     * The caller's MDC, kept only for an asynchronous call ({@link #completesElsewhere}): a blocking call completes on
     * the caller's thread, whose MDC is still there. Written on the caller's thread before the core registers the
     * completion that reads it.
     */
    private MdcSnapshot callerMdc = MdcSnapshot.of();

    private final Attributes runningAttributes;
    private final long startNanos = System.nanoTime();
    private Host previousHost;
    private TryEnd lastTry;
    /** The call's trace headers, written on its first try and sent on each; null before. */
    private Map<String, String> traceHeaders;

    OpenTelemetryObservedCall(OpenTelemetryCallObserver observer, CallDescription call) {
        this.observer = observer;
        this.call = call;
        this.callerContext = Context.current();
        Context parent =
                call.parent() instanceof OpenTelemetryObservedCall composite ? composite.context : callerContext;
        AttributesBuilder running = Attributes.builder()
                .put(QuarryAttributes.PRODUCT, call.product())
                .put(QuarryAttributes.OPERATION, call.operation());
        SpanBuilder builder = observer.tracer
                .spanBuilder(call.product() + "." + call.operation())
                .setParent(parent)
                .setSpanKind(call.isComposite() ? SpanKind.INTERNAL : SpanKind.CLIENT)
                .setAttribute(QuarryAttributes.PRODUCT, call.product())
                .setAttribute(QuarryAttributes.OPERATION, call.operation());
        if (!call.isComposite()) {
            running.put(QuarryAttributes.HTTP_METHOD, call.method());
            builder.setAttribute(QuarryAttributes.HTTP_METHOD, call.method())
                    .setAttribute(QuarryAttributes.URL_TEMPLATE, call.pathTemplate())
                    .setAttribute(QuarryAttributes.URL_PATH, SpanValues.bounded(call.path()));
        }
        if (call.indexName() != null) {
            builder.setAttribute(QuarryAttributes.INDEX, SpanValues.bounded(call.indexName()));
        }
        this.runningAttributes = running.build();
        this.span = builder.startSpan();
        this.context = parent.with(span);
    }

    @Override
    public void tryStarted(TryStart attempt) {
        if (lastTry != null && !lastTry.succeeded() && !lastTry.hostMarkedDown()) {
            // a try retried past whose host stays up (a timeout, say) shows here, or its host would show nowhere
            span.addEvent("quarry.try.failed", tryEndAttributes(lastTry));
        }
        if (attempt.number() > 1) {
            observer.retries.add(1, runningAttributes);
            span.addEvent("quarry.retry", hostAttributes(attempt.host(), attempt.number()));
            if (!attempt.host().equals(previousHost)) {
                observer.failovers.add(1, runningAttributes);
                span.addEvent("quarry.failover", hostAttributes(attempt.host(), attempt.number()));
            }
        }
        previousHost = attempt.host();
    }

    /**
     * The call's span context as the propagator writes it: the same for each try, the tries being the span's
     * events. Written once, on the first try.
     */
    @Override
    public Map<String, String> requestHeaders() {
        if (observer.propagator == null) {
            return Map.of();
        }
        if (traceHeaders == null) {
            Map<String, String> written = new HashMap<>(4);
            observer.propagator.inject(context, written, HEADERS);
            traceHeaders = written.isEmpty() ? Map.of() : written;
        }
        return traceHeaders;
    }

    @Override
    public void roundStarted(RoundStart round) {
        observer.rounds.add(1, runningAttributes);
        span.addEvent(
                "quarry.round",
                Attributes.of(
                        QuarryAttributes.ROUND_NUMBER,
                        (long) round.number(),
                        QuarryAttributes.ROUND_DELAY_MS,
                        round.delay().toMillis()));
    }

    @Override
    public void tryEnded(TryEnd attempt) {
        lastTry = attempt;
        if (attempt.hostMarkedDown()) {
            observer.hostsDown.add(1, runningAttributes);
            span.addEvent("quarry.host.down", tryEndAttributes(attempt));
        }
    }

    private static Attributes tryEndAttributes(TryEnd attempt) {
        AttributesBuilder event = hostAttributes(attempt.host(), attempt.number()).toBuilder();
        if (attempt.status() != 0) {
            event.put(QuarryAttributes.STATUS_CODE, attempt.status());
        }
        if (attempt.errorType() != null) {
            event.put(QuarryAttributes.ERROR_TYPE, attempt.errorType());
        }
        return event.build();
    }

    @Override
    public void callEnded(CallEnd end) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        AttributesBuilder metric = runningAttributes.toBuilder()
                .put(QuarryAttributes.OUTCOME, end.outcome().name())
                .put(QuarryAttributes.STATUS_CLASS, statusClass(end.status()));
        if (lastTry != null) {
            span.setAttribute(QuarryAttributes.SERVER_ADDRESS, lastTry.host().hostname());
            span.setAttribute(QuarryAttributes.SERVER_PORT, lastTry.host().port());
            if (lastTry.requestId() != null) {
                span.setAttribute(QuarryAttributes.REQUEST_ID, SpanValues.bounded(lastTry.requestId()));
            }
            if (lastTry.requestBytes() >= 0) {
                span.setAttribute(QuarryAttributes.REQUEST_BODY_SIZE, lastTry.requestBytes());
            }
            if (lastTry.responseBytes() >= 0) {
                span.setAttribute(QuarryAttributes.RESPONSE_BODY_SIZE, lastTry.responseBytes());
            }
        }
        if (!call.isComposite()) {
            span.setAttribute(QuarryAttributes.TRIES, end.tries());
            if (end.tries() > 1) {
                // the span's HTTP attributes are its last try's, and so is the resend count
                span.setAttribute(RESEND_COUNT, end.tries() - 1L);
            }
        }
        if (end.status() != 0) {
            span.setAttribute(QuarryAttributes.STATUS_CODE, end.status());
        }
        if (end.error() != null) {
            metric.put(QuarryAttributes.ERROR_TYPE, end.errorType());
            span.setAttribute(QuarryAttributes.ERROR_TYPE, end.errorType());
            // no description: the conventions advise against one repeating error.type
            span.setStatus(StatusCode.ERROR);
            span.recordException(end.error());
        }
        observer.duration.record(seconds, metric.build());
        if (call.records() > 0) {
            countRecords(end);
        }
        span.end();
    }

    /** Counts the records the call wrote, under the operation of the helper that made it when there is one. */
    private void countRecords(CallEnd end) {
        String operation =
                call.parent() instanceof OpenTelemetryObservedCall helper ? helper.call.operation() : call.operation();
        Attributes attributes = Attributes.builder()
                .put(QuarryAttributes.PRODUCT, call.product())
                .put(QuarryAttributes.OPERATION, operation)
                .put(QuarryAttributes.OUTCOME, end.outcome().name())
                .build();
        span.setAttribute(QuarryAttributes.RECORDS, (long) call.records());
        observer.ingestRecords.add(call.records(), attributes);
        if (lastTry != null && lastTry.requestBytes() >= 0) {
            observer.ingestBytes.add(lastTry.requestBytes(), attributes);
        }
    }

    @Override
    public ContextScope openCallContext() {
        Scope scope = context.makeCurrent();
        return scope::close;
    }

    @Override
    public void completesElsewhere() {
        callerMdc = MdcSnapshot.capture();
    }

    @Override
    public ContextScope openCallerContext() {
        ContextScope mdc = callerMdc.restore();
        Scope scope = callerContext.makeCurrent();
        return () -> {
            scope.close();
            mdc.close();
        };
    }

    private static Attributes hostAttributes(Host host, int tryNumber) {
        return Attributes.builder()
                .put(QuarryAttributes.SERVER_ADDRESS, host.hostname())
                .put(QuarryAttributes.SERVER_PORT, host.port())
                .put(QuarryAttributes.TRY_NUMBER, tryNumber)
                .build();
    }

    private static String statusClass(int status) {
        return status < 100 || status > 599 ? "none" : (status / 100) + "xx";
    }
}
