package io.quarry.mockserver;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * What a scripted fault does to a request it matches (see {@link Faults}). Immutable.
 *
 * <pre>{@code
 * Fault unavailable = Fault.status(503);                            // answered 503, the request is not applied
 * Fault throttled = Fault.status(429, Map.of("Retry-After", "1"));   // with headers
 * Fault slow = Fault.delay(Duration.ofSeconds(2));                   // answered normally, 2 s late
 * Fault lost = Fault.failAfterWrite(503);                            // applied, then answered 503
 * Fault cut = Fault.closeMidResponse().withDelay(Duration.ofMillis(100));
 * }</pre>
 *
 * <p>A value: two faults of the same kind, status, headers and delay are equal.
 */
public final class Fault {

    private final FaultAction action;

    private Fault(FaultAction action) {
        this.action = action;
    }

    /**
     * {@return a fault that answers it with a JSON error body; the request is not applied}
     *
     * @param status the status to answer, e.g. 503, 500 or 429
     */
    public static Fault status(int status) {
        return status(status, Map.of());
    }

    /**
     * {@return a fault that answers it with a JSON error body; the request is not applied}
     *
     * @param status the status to answer
     * @param headers headers added to the answer, e.g. {@code Retry-After}
     */
    public static Fault status(int status, Map<String, String> headers) {
        return of(FaultAction.Kind.STATUS, status, headers);
    }

    /**
     * {@return a fault that answers normally, that much later}
     *
     * @param delay how long to wait
     */
    public static Fault delay(Duration delay) {
        return of(FaultAction.Kind.DELAY, 0, Map.of()).withDelay(delay);
    }

    /** {@return a fault that closes the connection without an answer; the request is not applied} */
    public static Fault closeBeforeResponse() {
        return of(FaultAction.Kind.CLOSE_BEFORE_RESPONSE, 0, Map.of());
    }

    /**
     * {@return a fault that applies the request, sends the headers and half the body, then closes the connection}
     */
    public static Fault closeMidResponse() {
        return of(FaultAction.Kind.CLOSE_MID_RESPONSE, 0, Map.of());
    }

    /** {@return a fault that applies the request and answers the first half of its JSON body (invalid JSON)} */
    public static Fault truncatedBody() {
        return of(FaultAction.Kind.TRUNCATED_BODY, 0, Map.of());
    }

    /** {@return a fault that applies the request and answers its status with an HTML body instead of JSON} */
    public static Fault nonJsonBody() {
        return of(FaultAction.Kind.NON_JSON_BODY, 0, Map.of());
    }

    /**
     * {@return a fault that applies the request (a write takes effect), then answers the status}
     *
     * @param status the status to answer instead, e.g. 503
     */
    public static Fault failAfterWrite(int status) {
        return of(FaultAction.Kind.FAIL_AFTER_WRITE, status, Map.of());
    }

    /** {@return a fault that applies the request (a write takes effect), then closes the connection unanswered} */
    public static Fault resetAfterWrite() {
        return of(FaultAction.Kind.RESET_AFTER_WRITE, 0, Map.of());
    }

    /**
     * {@return this fault, shown that much later}
     *
     * @param delay how long to wait before the fault shows (at most one minute)
     */
    public Fault withDelay(Duration delay) {
        Objects.requireNonNull(delay, "delay");
        return new Fault(new FaultAction(action.kind(), action.status(), action.headers(), delay.toMillis()));
    }

    private static Fault of(FaultAction.Kind kind, int status, Map<String, String> headers) {
        return new Fault(new FaultAction(kind, status, Objects.requireNonNull(headers, "headers"), 0));
    }

    FaultAction action() {
        return action;
    }

    /**
     * {@return whether the other is a fault of the same kind, status, headers and delay}
     *
     * @param other the object to compare with
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof Fault fault && action.equals(fault.action);
    }

    /** {@return a hash of the kind, status, headers and delay} */
    @Override
    public int hashCode() {
        return action.hashCode();
    }

    /** {@return the kind, the status and the delay} */
    @Override
    public String toString() {
        return "Fault[" + action.kind() + (action.status() != 0 ? " " + action.status() : "")
                + (action.delayMillis() > 0 ? ", delay " + action.delayMillis() + " ms" : "") + "]";
    }
}
