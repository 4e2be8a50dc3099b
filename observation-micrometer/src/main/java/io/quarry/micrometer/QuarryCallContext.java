package io.quarry.micrometer;

import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.SenderContext;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.TryEnd;
import java.util.HashMap;
import java.util.Map;

/**
 * The observation context of one Quarry call: what a {@link QuarryObservationConvention} reads its key values from.
 * Filled in as the call goes: the description at the start, the last try as tries end, the end at the end.
 *
 * <p>It is a {@link SenderContext} of kind {@link Kind#CLIENT}, so that a tracing bridge (Micrometer Tracing with
 * Brave or OpenTelemetry) makes each call a CLIENT span, as a call to a remote service is. A call that sends a request
 * names the remote service, {@code quarry-<product>} ({@code quarry-search}): the bridge puts it on the span as its
 * remote service ({@code peer.service} for OpenTelemetry). A composite call ({@code saveObjects}) is a CLIENT span too,
 * Micrometer's sender contexts having no internal kind, but names no remote service: only its requests are calls to
 * the service.
 *
 * <p>Its carrier is the trace headers of the call's requests: a tracing bridge's
 * {@code PropagatingSenderTracingObservationHandler} (Spring Boot registers one) writes the call's span context into
 * it with its propagator ({@code traceparent}, {@code b3}...) when the observation starts, and each try of the call
 * sends them, so the service and the proxies in between can join their logs to the trace. Without such a handler
 * (no tracing bridge) the carrier stays empty and nothing is sent. A composite call sends no request: it has no
 * carrier.
 */
public final class QuarryCallContext extends SenderContext<Map<String, String>> {

    /** The remote service's name is this and the product's. */
    static final String SERVICE_PREFIX = "quarry-";

    private final CallDescription call;
    private volatile TryEnd lastTry;
    private volatile CallEnd end;
    /** Whether the default convention itself (not a subclass) gave the keys, so that no body size is read. */
    boolean keyedByDefaultConvention;

    /**
     * Creates the context of one call.
     *
     * @param call the call's description
     */
    QuarryCallContext(CallDescription call) {
        super(QuarryCallContext::putHeader, Kind.CLIENT);
        this.call = call;
        if (!call.isComposite()) {
            setRemoteServiceName(SERVICE_PREFIX + call.product());
            // no table until a propagator writes a header
            setCarrier(new HashMap<>(4));
        }
    }

    /** Keeps a header a propagator writes, for the call's tries to send; a composite call has no carrier. */
    private static void putHeader(Map<String, String> carrier, String name, String value) {
        if (carrier != null) {
            carrier.put(name, value);
        }
    }

    /** {@return what was known of the call when it started} */
    public CallDescription call() {
        return call;
    }

    /**
     * The last try that ended. Its body sizes are counted only when a convention other than the default one is in
     * effect (the default reports none, and counting them costs each try some work); else they are -1.
     *
     * @return the last try that ended, or null before the first has
     */
    public TryEnd lastTry() {
        return lastTry;
    }

    /** {@return how the call ended, or null while it runs} */
    public CallEnd end() {
        return end;
    }

    void lastTry(TryEnd attempt) {
        this.lastTry = attempt;
    }

    void end(CallEnd end) {
        this.end = end;
    }
}
