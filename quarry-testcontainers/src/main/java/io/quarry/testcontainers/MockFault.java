package io.quarry.testcontainers;

import java.time.Duration;
import java.util.Objects;

/**
 * What a request to a faulted host gets instead of (or on top of) its normal answer, for
 * {@link MockHostFaults#during(Duration, MockFault)} and {@link MockHostFaults#next(int, MockFault)}. Immutable.
 *
 * <pre>{@code
 * MockFault unavailable = MockFault.status(503);                       // a 503 with a JSON error body
 * MockFault cut = MockFault.closeBeforeResponse().withDelay(Duration.ofMillis(200));
 * }</pre>
 *
 * <p>A value: two faults of the same kind, status and delay are equal, so a test can compare the faults it scripts.
 */
public final class MockFault {

    /** The longest delay the mock server takes before a fault shows. */
    public static final Duration MAX_DELAY = Duration.ofSeconds(60);

    private final String type;
    private final int status;
    private final Duration delay;

    private MockFault(String type, int status, Duration delay) {
        this.type = type;
        this.status = status;
        this.delay = delay;
    }

    /**
     * {@return an answer with that status and a JSON error body, the request not applied}
     *
     * @param status an HTTP status, 100 to 599 (such as 503, 500 or 429)
     */
    public static MockFault status(int status) {
        return new MockFault("status", checkStatus(status), Duration.ZERO);
    }

    /**
     * {@return the normal answer, that much later}
     *
     * @param delay how late, up to {@link #MAX_DELAY}
     */
    public static MockFault delay(Duration delay) {
        return new MockFault("delay", 0, checkDelay(delay));
    }

    /** {@return the connection closed with no answer, the request not applied} */
    public static MockFault closeBeforeResponse() {
        return new MockFault("closeBeforeResponse", 0, Duration.ZERO);
    }

    /** {@return the headers and half the body, then the connection closed; the request applied} */
    public static MockFault closeMidResponse() {
        return new MockFault("closeMidResponse", 0, Duration.ZERO);
    }

    /** {@return the normal status with the first half of the JSON body; the request applied} */
    public static MockFault truncatedBody() {
        return new MockFault("truncatedBody", 0, Duration.ZERO);
    }

    /** {@return the normal status with an HTML body; the request applied} */
    public static MockFault nonJsonBody() {
        return new MockFault("nonJsonBody", 0, Duration.ZERO);
    }

    /**
     * {@return an answer with that status although the write was applied}
     *
     * @param status an HTTP status, 100 to 599 (such as 503)
     */
    public static MockFault failAfterWrite(int status) {
        return new MockFault("failAfterWrite", checkStatus(status), Duration.ZERO);
    }

    /** {@return the connection closed although the write was applied} */
    public static MockFault resetAfterWrite() {
        return new MockFault("resetAfterWrite", 0, Duration.ZERO);
    }

    /**
     * {@return this fault, shown after that delay}
     *
     * @param delay how long the server waits before the fault shows, up to {@link #MAX_DELAY}
     */
    public MockFault withDelay(Duration delay) {
        return new MockFault(type, status, checkDelay(delay));
    }

    /** {@return the fault as the mock server's control endpoints take it} */
    String toJson() {
        StringBuilder json = new StringBuilder("{\"type\": \"").append(type).append('"');
        if (status != 0) {
            json.append(", \"status\": ").append(status);
        }
        return json.append(", \"delayMs\": ")
                .append(delay.toMillis())
                .append('}')
                .toString();
    }

    /**
     * {@return whether the other is a fault of the same kind, status and delay}
     *
     * @param other the object to compare with
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof MockFault fault
                && type.equals(fault.type)
                && status == fault.status
                && delay.equals(fault.delay);
    }

    /** {@return a hash of the kind, status and delay} */
    @Override
    public int hashCode() {
        return Objects.hash(type, status, delay);
    }

    /** {@return the fault's type, status and delay} */
    @Override
    public String toString() {
        return "MockFault" + toJson();
    }

    private static int checkStatus(int status) {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be 100 to 599, not " + status);
        }
        return status;
    }

    private static Duration checkDelay(Duration delay) {
        Objects.requireNonNull(delay, "delay");
        if (delay.isNegative() || delay.compareTo(MAX_DELAY) > 0) {
            throw new IllegalArgumentException("delay must be 0 to " + MAX_DELAY + ", not " + delay);
        }
        return delay;
    }
}
