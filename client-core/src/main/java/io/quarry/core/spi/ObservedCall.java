package io.quarry.core.spi;

import java.util.Map;

/**
 * One call being observed: what a {@link CallObserver} returned for it, told of each try and of the end. The
 * methods of one call are never run at the same time, but may run on different threads (an asynchronous call's
 * tries run on the HTTP client's threads).
 *
 * <p>Context: the core opens {@link #openCallContext()} around the work of the call (sending each try, and for a
 * composite call, starting its inner calls), so HTTP-level instrumentation and inner calls see this call as their
 * parent; and it completes an asynchronous call's future inside {@link #openCallerContext()}, so the caller's
 * continuations run in the context (span, MDC) that was current when the call started.
 */
public interface ObservedCall {

    /** An observation that records nothing. */
    ObservedCall NONE = new ObservedCall() {
        @Override
        public void callEnded(CallEnd end) {
            // nothing recorded
        }

        @Override
        public boolean readsBodySizes() {
            return false;
        }
    };

    /**
     * Whether this observation reads the body sizes of its tries ({@link TryEnd#requestBytes()},
     * {@link TryEnd#responseBytes()}). They are counted by an OkHttp event listener that looks up each try, so an
     * observation that never reads them returns false, and its tries report -1 for both. Asked once, when the call
     * starts.
     *
     * @return true (the default) to have the body bytes of each try counted
     */
    default boolean readsBodySizes() {
        return true;
    }

    /**
     * A try starts on a host.
     *
     * @param attempt the host and the try's number
     */
    default void tryStarted(TryStart attempt) {}

    /**
     * Headers to add to the request of the try just started: this call's trace context, as the tracing library's
     * propagator writes it ({@code traceparent} and {@code tracestate}, {@code baggage}, {@code b3}...), so that the
     * service, and a proxy or gateway in between, can join what they log to the caller's trace.
     *
     * <p>Asked once per try, right after {@link #tryStarted} and before the try's request is built, so before any
     * byte of it is sent: each try is a request of its own, and an observer that makes a span per try gives each its
     * own context. The Micrometer and OpenTelemetry observers give every try of a call the context of the call's
     * span: a call is one span over all its tries (they are its events), and an HTTP instrumentation of the OkHttp
     * client that makes a span per try, as OpenTelemetry's HTTP client conventions do for each resend, writes its
     * try's span over it. It is asked on whichever thread prepares the try (for an asynchronous call, perhaps one of
     * the client's), where this call's context may not be current: the observer writes the call's own context.
     *
     * <p>Only headers the request does not otherwise carry are added; a name the core sets is ignored, in any case:
     * the credentials' headers ({@code X-Service-API-Key}, {@code X-Service-Application-Id}, {@code Authorization}),
     * every {@code X-Service-*} and {@code X-Forwarded-*} header, {@code Proxy-Authorization}, {@code Cookie},
     * {@code Accept}, {@code User-Agent}, the configured default headers, the call's {@link
     * io.quarry.core.RequestOptions} headers, and the headers of the body and the connection ({@code Content-*},
     * {@code Transfer-Encoding}, {@code Host}, {@code Connection}...). So an observer cannot change how a call
     * authenticates or what its body is, and nothing of the request is passed to it: no key can be read here. A name
     * or a value HTTP does not allow is ignored too. The map is read at once and not kept.
     *
     * @return header name to value; empty (the default) to add none
     */
    default Map<String, String> requestHeaders() {
        return Map.of();
    }

    /**
     * A try ended: answered, or failed without a usable answer.
     *
     * @param attempt what the try led to
     */
    default void tryEnded(TryEnd attempt) {}

    /**
     * Every host failed the call's last round and the call tries them again after a wait (see
     * {@link io.quarry.core.RetryRounds}); told before the wait, between the last try's end and the next try's
     * start. Never told for a call that succeeds or fails in its first round.
     *
     * @param round the new round's number and the wait before it
     */
    default void roundStarted(RoundStart round) {}

    /**
     * The call ended, successfully or not; called exactly once, after the last {@link #tryEnded}.
     *
     * @param end the outcome
     */
    void callEnded(CallEnd end);

    /**
     * Makes this call's context the current one on this thread, until the returned scope is closed.
     *
     * @return the scope restoring the previous context when closed
     */
    default ContextScope openCallContext() {
        return ContextScope.NONE;
    }

    /**
     * Told, on the caller's thread, that this call is asynchronous: its future will complete inside
     * {@link #openCallerContext()}, likely on another thread. The moment to keep what of the caller's context the
     * observer did not keep when the call started (its SLF4J MDC, say: {@link MdcSnapshot#capture()}); a blocking
     * call never gets this, so it pays nothing for it. Always before the future can complete.
     */
    default void completesElsewhere() {}

    /**
     * Makes the context that was current when this call started the current one on this thread, until the returned
     * scope is closed: the core completes an asynchronous call's future inside it.
     *
     * @return the scope restoring the previous context when closed
     */
    default ContextScope openCallerContext() {
        return ContextScope.NONE;
    }
}
