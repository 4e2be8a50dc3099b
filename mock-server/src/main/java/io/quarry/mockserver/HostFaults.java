package io.quarry.mockserver;

import io.quarry.mockserver.internal.http.hosts.HostState;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Faults scripted for one host of a server ({@link MockHost#faults()}), to test how a client with several hosts
 * fails over: the host refuses connections, answers a status, or holds requests unanswered, while the other hosts
 * serve as usual. Durations run on the server's clock ({@link MockServer.Builder#clock(java.time.Clock)}), so a test
 * that moves its clock sees the host come back without sleeping. A host's faults apply to every request it
 * receives (the control endpoints under {@code /_mock/} excepted) and are tried before the server-wide ones of
 * {@link MockServer#faults()}. {@link #clear()} ends them at once, and so does a reset
 * ({@link MockServer#reset()}). The rules of {@link #during} and {@link #next} each get an ID, unique for the host
 * for the server's life; {@link #remove(long)} ends one of them alone. Thread-safe.
 *
 * <pre>{@code
 * List<MockHost> hosts = server.hosts();
 * hosts.get(0).faults().refuseConnections(Duration.ofSeconds(30));   // connection refused for 30 s
 * hosts.get(1).faults().during(Duration.ofSeconds(30), Fault.status(503));
 * hosts.get(2).faults().next(2, Fault.closeBeforeResponse());
 * List<Long> rules = hosts.get(1).faults().ruleIds();
 * hosts.get(1).faults().remove(rules.get(rules.size() - 1));   // host 1 serves as usual again
 * }</pre>
 */
public final class HostFaults {

    private final HostState host;

    HostFaults(HostState host) {
        this.host = host;
    }

    /**
     * Stops listening for that long: a client's connection attempts are refused, and the connections open to the
     * host are closed. Once the time has passed the host listens again on the same port (within about 10 ms of the
     * clock passing it). Returns once the port is closed.
     *
     * @param duration how long the host refuses connections, positive
     * @throws IllegalArgumentException when the duration is not positive
     */
    public void refuseConnections(Duration duration) {
        host.refuseFor(duration);
    }

    /**
     * Gives every request the host receives from now on, for that long, the fault: for example
     * {@code during(Duration.ofSeconds(30), Fault.status(503))} answers 503 for 30 seconds.
     *
     * @param duration how long, positive
     * @param fault what happens to each request
     * @throws IllegalArgumentException when the duration is not positive or the host has 100 active rules already
     */
    public void during(Duration duration, Fault fault) {
        host.faultFor(duration, Objects.requireNonNull(fault, "fault").action());
    }

    /**
     * Gives the next {@code count} requests the host receives the fault.
     *
     * @param count how many requests, at least 1
     * @param fault what happens to each of them
     * @throws IllegalArgumentException when the count is not positive or the host has 100 active rules already
     */
    public void next(int count, Fault fault) {
        host.faultNext(count, Objects.requireNonNull(fault, "fault").action());
    }

    /**
     * Holds the requests the host receives from now on, for that long, unanswered, as a host that stopped
     * answering does: connections are accepted, a client waits for its read timeout. When the time has passed (or
     * the faults are cleared) each held request's connection is closed without an answer; none was applied.
     *
     * @param duration how long the host holds requests, positive
     * @throws IllegalArgumentException when the duration is not positive
     */
    public void hold(Duration duration) {
        host.holdFor(duration);
    }

    /**
     * {@return the IDs of this host's active rules (those of {@link #during} and {@link #next} still running), in
     *     the order added: the last is the rule added last} A refusal or a hold is no rule and has no ID.
     */
    public List<Long> ruleIds() {
        return host.faults().ids();
    }

    /**
     * Removes one of this host's rules, leaving its other rules, a refusal and a hold as they are. A request the rule
     * is being applied to at that moment still gets its fault. IDs are never given twice for a host, so an ID from
     * before a {@link #clear()} or a reset removes nothing.
     *
     * @param id the rule's ID, from {@link #ruleIds()}
     * @return {@code true} when the rule was active and is now removed; {@code false} when the host has no active
     *     rule with that ID (never added, already removed or cleared, or ended by its count or its duration)
     */
    public boolean remove(long id) {
        return host.faults().remove(id);
    }

    /** Ends every fault of this host at once: it listens again, held requests are closed, its rules are gone. */
    public void clear() {
        host.clear();
    }

    @Override
    public String toString() {
        return "HostFaults[host " + host.index() + ", " + host.activeRules() + " rules active"
                + (host.accepting() ? "" : ", refusing connections") + "]";
    }
}
