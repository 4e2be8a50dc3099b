package io.quarry.mockserver;

import io.quarry.mockserver.internal.http.faults.FaultScript;
import java.util.Locale;
import java.util.Objects;

/**
 * Scripted faults: make the next requests (or a share of them) that match a method and path fail the way real
 * networks and services do, to test a client's retries and error handling. Rules are tried in the order added;
 * the first that matches a request decides. The control endpoints under {@code /_mock/} are never faulted. A
 * reset (see {@link MockServer#reset()}) clears every rule. Each rule gets an ID, unique for the server's life (a
 * reset does not start them over), which {@link #remove(long)} takes to end that rule alone. Thread-safe.
 *
 * <pre>{@code
 * server.faults().next(2, "POST", "/1/indexes/*}{@code /query", Fault.status(503));
 * long flaky = server.faults().share(0.3, 42, "*", "/**", Fault.closeBeforeResponse());
 * server.faults().remove(flaky);   // that rule ends, the first one stays
 * server.faults().clear();
 * }</pre>
 *
 * <p>Path patterns are matched against the raw (percent-encoded) path: {@code *} stands for any characters
 * within one segment, {@code **} for any characters across segments.
 */
public final class Faults {

    private final FaultScript script;

    Faults(FaultScript script) {
        this.script = script;
    }

    /**
     * Faults the next {@code count} requests that match.
     *
     * @param count how many requests, at least 1
     * @param method the method, e.g. {@code POST}, or {@code *} for any
     * @param pathPattern the path pattern, e.g. {@code /1/indexes/*}{@code /batch}
     * @param fault what happens to them
     * @return the rule's ID
     * @throws IllegalArgumentException when a value is out of range or 100 rules are already active
     */
    public long next(int count, String method, String pathPattern, Fault fault) {
        return script.add(
                method(method), pathPattern, count(count), 1.0, 0, fault(fault).action());
    }

    /**
     * Faults a share of the requests that match, drawn at random from a seed (the same seed and requests give the
     * same choices), with no end until cleared.
     *
     * @param share the share, above 0 and at most 1
     * @param seed the seed of the draws
     * @param method the method, or {@code *} for any
     * @param pathPattern the path pattern
     * @param fault what happens to them
     * @return the rule's ID
     * @throws IllegalArgumentException when a value is out of range or 100 rules are already active
     */
    public long share(double share, long seed, String method, String pathPattern, Fault fault) {
        return script.add(
                method(method), pathPattern, -1, share, seed, fault(fault).action());
    }

    /**
     * Faults a share of the next {@code count} faulted requests: each matching request is faulted with
     * probability {@code share} until {@code count} have been.
     *
     * @param count how many requests are faulted, at least 1
     * @param share the share, above 0 and at most 1
     * @param seed the seed of the draws
     * @param method the method, or {@code *} for any
     * @param pathPattern the path pattern
     * @param fault what happens to them
     * @return the rule's ID
     * @throws IllegalArgumentException when a value is out of range or 100 rules are already active
     */
    public long nextShare(int count, double share, long seed, String method, String pathPattern, Fault fault) {
        return script.add(
                method(method),
                pathPattern,
                count(count),
                share,
                seed,
                fault(fault).action());
    }

    /**
     * Removes one rule, leaving the others as they are. A request the rule is being applied to at that moment still
     * gets its fault; the requests after it are no longer matched against the rule. IDs are never given twice, so an
     * ID from before a {@link #clear()} or a reset removes nothing.
     *
     * @param id the rule's ID, as {@link #next}, {@link #share} or {@link #nextShare} returned it
     * @return {@code true} when the rule was active and is now removed; {@code false} when no active rule has that
     *     ID (never added, already removed or cleared, or ended by itself once its count was used up)
     */
    public boolean remove(long id) {
        return script.remove(id);
    }

    /** Removes every rule. */
    public void clear() {
        script.clear();
    }

    /** {@return how many rules are still active (rules whose count is used up are gone)} */
    public int active() {
        return script.size();
    }

    private static String method(String method) {
        Objects.requireNonNull(method, "method");
        if (!method.equals("*") && !method.matches("[A-Za-z]{1,20}")) {
            throw new IllegalArgumentException("the method must be an HTTP method name or *");
        }
        return method.toUpperCase(Locale.ROOT);
    }

    /** The script reads -1 as no limit, which these methods do not offer: {@link #share} is the rule without one. */
    private static int count(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("the count must be at least 1");
        }
        return count;
    }

    private static Fault fault(Fault fault) {
        return Objects.requireNonNull(fault, "fault");
    }

    @Override
    public String toString() {
        return "Faults[" + active() + " active]";
    }
}
