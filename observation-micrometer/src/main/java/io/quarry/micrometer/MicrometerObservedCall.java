package io.quarry.micrometer;

import io.micrometer.observation.NullObservation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.quarry.core.Host;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.ContextScope;
import io.quarry.core.spi.MdcSnapshot;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.RoundStart;
import io.quarry.core.spi.TryEnd;
import io.quarry.core.spi.TryStart;
import io.quarry.micrometer.QuarryObservationDocumentation.Events;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One Quarry call as a started Micrometer observation. It is also the supplier of its context, which spares a
 * lambda per call.
 */
final class MicrometerObservedCall implements ObservedCall, Supplier<QuarryCallContext> {

    private final QuarryCallContext context;
    private final ObservationRegistry registry;
    private final Observation observation;
    /** The observation current when the call started, made current again for the caller's continuations. */
    private final Observation callerObservation;

    /**
     * The caller's MDC, kept only for an asynchronous call ({@link #completesElsewhere}): a blocking call completes on
     * the caller's thread, whose MDC is still there. Written on the caller's thread before the core registers the
     * completion that reads it.
     */
    private MdcSnapshot callerMdc = MdcSnapshot.of();

    private final boolean customConvention;
    /** Where the call's records are counted, or null when it writes none or nobody counts. */
    private final IngestCounters counters;

    private Host previousHost;

    MicrometerObservedCall(
            CallDescription call,
            ObservationRegistry registry,
            QuarryObservationConvention custom,
            QuarryObservationConvention defaults,
            IngestCounters counters) {
        this.context = new QuarryCallContext(call);
        this.registry = registry;
        this.customConvention = custom != null;
        this.counters = counters;
        Observation current = registry.getCurrentObservation();
        // a NullObservation is how Micrometer makes none current: the caller has none
        this.callerObservation = current instanceof NullObservation ? null : current;
        // what QuarryObservationDocumentation.CALL.observation(...) does, without its checks of the conventions' types
        this.observation = Observation.createNotStarted(custom, defaults, this, registry);
        Observation parent =
                call.parent() instanceof MicrometerObservedCall composite ? composite.observation : callerObservation;
        if (parent != null) {
            observation.parentObservation(parent);
        }
        observation.start();
    }

    /** {@return the context, for the observation being created} */
    @Override
    public QuarryCallContext get() {
        return context;
    }

    /**
     * Only a convention other than the default one may read the tries' body sizes: the default reports none, and
     * it marks the context when it is the one in effect (a convention registered on the registry may replace it).
     */
    @Override
    public boolean readsBodySizes() {
        return counters != null || !observation.isNoop() && (customConvention || !context.keyedByDefaultConvention);
    }

    @Override
    public void tryStarted(TryStart attempt) {
        if (attempt.number() > 1) {
            observation.event(Observation.Event.of(
                    Events.RETRIES.getName(),
                    "retry " + attempt.number() + " on " + hostLabel(attempt.host()) + failedBefore()));
            if (!attempt.host().equals(previousHost)) {
                observation.event(Observation.Event.of(
                        Events.FAILOVERS.getName(),
                        "failover from " + hostLabel(previousHost) + " to " + hostLabel(attempt.host())));
            }
        }
        previousHost = attempt.host();
    }

    /**
     * The trace headers a propagating tracing handler wrote into the context's carrier as the observation started:
     * the call's span context, sent on each try (the tries are the span's events). None without such a handler.
     */
    @Override
    public Map<String, String> requestHeaders() {
        Map<String, String> carrier = context.getCarrier();
        return carrier == null || carrier.isEmpty() ? Map.of() : carrier;
    }

    @Override
    public void roundStarted(RoundStart round) {
        observation.event(Observation.Event.of(
                Events.ROUNDS.getName(),
                "round " + round.number() + " after " + round.delay().toMillis() + " ms: every host failed"));
    }

    @Override
    public void tryEnded(TryEnd attempt) {
        context.lastTry(attempt);
        if (attempt.hostMarkedDown()) {
            observation.event(Observation.Event.of(
                    Events.HOSTS_DOWN.getName(),
                    "host down: " + hostLabel(attempt.host()) + " after try " + attempt.number() + " ("
                            + failure(attempt) + ")"));
        }
    }

    @Override
    public void callEnded(CallEnd end) {
        context.end(end);
        if (counters != null) {
            CallDescription call = context.call();
            String operation = call.parent() instanceof MicrometerObservedCall helper
                    ? helper.context.call().operation()
                    : call.operation();
            TryEnd last = context.lastTry();
            counters.count(call, operation, end, last == null ? -1 : last.requestBytes());
        }
        if (end.error() != null) {
            observation.error(end.error());
        }
        observation.stop();
    }

    @Override
    public ContextScope openCallContext() {
        return new OpenScope(observation.openScope());
    }

    @Override
    public void completesElsewhere() {
        callerMdc = MdcSnapshot.capture();
    }

    @Override
    public ContextScope openCallerContext() {
        ContextScope mdc = callerMdc.restore();
        if (callerObservation == null) {
            if (registry.getCurrentObservation() == null) {
                return mdc;
            }
            // what is current here is not the caller's (a helper whose last call completed on this thread, say): the
            // caller had none, so none is made current, the way Micrometer's context propagation clears one
            Observation.Scope none = new NullObservation(registry).start().openScope();
            return () -> {
                none.close();
                mdc.close();
            };
        }
        Observation.Scope scope = callerObservation.openScope();
        return () -> {
            scope.close();
            mdc.close();
        };
    }

    /**
     * The try before, when it failed without its host being marked down (a timeout, say): no other event names its
     * host. Empty otherwise, the hosts.down event having said it.
     */
    private String failedBefore() {
        TryEnd before = context.lastTry();
        if (before == null || before.succeeded() || before.hostMarkedDown()) {
            return "";
        }
        return " after try " + before.number() + " on " + hostLabel(before.host()) + " failed (" + failure(before)
                + ")";
    }

    private static String failure(TryEnd attempt) {
        return attempt.status() != 0 ? "status " + attempt.status() : attempt.errorType();
    }

    private static String hostLabel(Host host) {
        return host == null ? "none" : host.hostname() + ":" + host.port();
    }

    /** The call's observation made current; a class rather than a method reference, which costs more per call. */
    private record OpenScope(Observation.Scope scope) implements ContextScope {
        @Override
        public void close() {
            scope.close();
        }
    }
}
