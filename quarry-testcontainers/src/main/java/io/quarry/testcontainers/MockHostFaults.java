package io.quarry.testcontainers;

import io.quarry.testcontainers.internal.ControlEndpoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Scripts faults for one host of a running {@link QuarryMockServerContainer}, through the mock server's control
 * endpoints: {@code container.hostFaults(1).during(Duration.ofSeconds(30), MockFault.status(503))}. Each call takes
 * effect before it returns; the control endpoints themselves are never faulted, and
 * {@link QuarryMockServerContainer#reset()} ends every fault.
 *
 * <p>Durations run on the server's clock and are 1 ms to a day. The rules of {@link #during} and {@link #next} each
 * get an ID, unique for the host for the server's life (a reset does not start them over); {@link #ruleIds()} lists
 * those still active and {@link #remove(long)} ends one of them alone.
 */
public final class MockHostFaults {

    private static final Duration MAX_DURATION = Duration.ofDays(1);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final int host;
    private final ControlEndpoint endpoint;

    MockHostFaults(int host, ControlEndpoint endpoint) {
        this.host = host;
        this.endpoint = endpoint;
    }

    /**
     * The host stops listening for that long and closes the connections open to it; afterwards it listens again on
     * the same port. Seen through the container's mapped port, a call finds the connection refused, or closed without
     * an answer where Docker's proxy holds the port. With a single host there is no other host to send the order
     * through, and the server refuses it (an {@link IllegalStateException}).
     *
     * @param duration how long
     */
    public void refuseConnections(Duration duration) {
        script("{\"type\": \"refuseConnections\", \"durationMs\": " + millis(duration) + "}");
    }

    /**
     * Every request to the host gets the fault for that long.
     *
     * @param duration how long
     * @param fault what each request gets
     */
    public void during(Duration duration, MockFault fault) {
        Objects.requireNonNull(fault, "fault");
        script("{\"type\": \"during\", \"durationMs\": " + millis(duration) + ", \"fault\": " + fault.toJson() + "}");
    }

    /**
     * The next requests to the host get the fault.
     *
     * @param count how many requests, at least 1
     * @param fault what each of them gets
     */
    public void next(int count, MockFault fault) {
        Objects.requireNonNull(fault, "fault");
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, not " + count);
        }
        script("{\"type\": \"next\", \"count\": " + count + ", \"fault\": " + fault.toJson() + "}");
    }

    /**
     * For that long, the host accepts each connection and never answers its request (the client's read timeout
     * decides); afterwards those connections are closed unanswered, their requests not applied.
     *
     * @param duration how long
     */
    public void hold(Duration duration) {
        script("{\"type\": \"hold\", \"durationMs\": " + millis(duration) + "}");
    }

    /**
     * {@return the IDs of the host's active rules (those of {@link #during} and {@link #next} still running), in the
     *     order added: the last is the rule added last} A refusal or a hold is no rule and has no ID.
     */
    public List<Long> ruleIds() {
        JsonNode faults = JSON.readTree(endpoint.read("/_mock/hosts"))
                .path("hosts")
                .path(host)
                .path("faults");
        List<Long> ids = new ArrayList<>();
        for (JsonNode fault : faults) {
            if (fault.path("id").isIntegralNumber()) {
                ids.add(fault.path("id").longValue());
            }
        }
        return List.copyOf(ids);
    }

    /**
     * Removes one of the host's rules, leaving its other rules, a refusal and a hold as they are. A request the rule
     * is being applied to at that moment still gets its fault.
     *
     * @param id the rule's ID, from {@link #ruleIds()}
     * @return {@code true} when the rule was active and is now removed; {@code false} when the host has no active
     *     rule with that ID (never added, already removed or cleared, or ended by its count or its duration)
     */
    public boolean remove(long id) {
        if (id < 1) {
            // rule IDs start at 1; the server refuses a negative number as no ID at all (a 400), not a 404
            return false;
        }
        return endpoint.delete(path() + "/" + id);
    }

    /** Ends every fault of the host at once. */
    public void clear() {
        endpoint.send("DELETE", path(), null);
    }

    private void script(String json) {
        endpoint.send("POST", path(), json);
    }

    private String path() {
        return "/_mock/hosts/" + host + "/faults";
    }

    private static long millis(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        // compared before toMillis(), which overflows past 292 million years either way
        if (duration.isNegative() || duration.compareTo(MAX_DURATION) > 0 || duration.toMillis() < 1) {
            throw new IllegalArgumentException("duration must be 1 ms to a day, not " + duration);
        }
        return duration.toMillis();
    }
}
