package io.quarry.mockserver.internal.http.faults;

import io.quarry.mockserver.internal.http.ControlPaths;
import io.quarry.mockserver.internal.json.Json;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The scripted faults of a server, in the order added: the first rule that matches a request (and fires, for a
 * share) decides its fault. A rule may end at an instant of the script's clock. Bounded to {@value #MAX_RULES}
 * rules. Thread-safe.
 */
public final class FaultScript {

    /** The most rules held at once. */
    public static final int MAX_RULES = 100;

    private final List<FaultRuleState> rules = new ArrayList<>();
    private final Clock clock;
    private long nextId = 1;
    private volatile boolean empty = true;

    /** A script whose rules end on the system clock. */
    public FaultScript() {
        this(Clock.systemUTC());
    }

    /** @param clock the clock rules with an end are read against */
    public FaultScript(Clock clock) {
        this.clock = clock;
    }

    /**
     * {@return the rule's ID}
     *
     * @param method the method matched, {@code *} or {@code null} for any
     * @param pathPattern the path pattern ({@code *} within a segment, {@code **} across), {@code null} for any
     * @param count how many requests it faults, -1 for every matching one
     * @param share the share of matching requests it faults (0 exclusive to 1 inclusive)
     * @param seed the seed of the random draws for a share
     * @param action what it does
     * @throws IllegalArgumentException when a value is out of range or the script is full
     */
    public long add(String method, String pathPattern, int count, double share, long seed, FaultAction action) {
        return add(method, pathPattern, count, share, seed, null, action);
    }

    /**
     * {@return the rule's ID}
     *
     * @param method the method matched, {@code *} or {@code null} for any
     * @param pathPattern the path pattern ({@code *} within a segment, {@code **} across), {@code null} for any
     * @param count how many requests it faults, -1 for every matching one
     * @param share the share of matching requests it faults (0 exclusive to 1 inclusive)
     * @param seed the seed of the random draws for a share
     * @param until when the rule ends, on this script's clock, or {@code null} for no end
     * @param action what it does
     * @throws IllegalArgumentException when a value is out of range or the script is full
     */
    public synchronized long add(
            String method, String pathPattern, int count, double share, long seed, Instant until, FaultAction action) {
        Instant now = clock.instant();
        rules.removeIf(rule -> rule.exhausted(now));
        if (rules.size() >= MAX_RULES) {
            throw new IllegalArgumentException("at most " + MAX_RULES + " fault rules may be active at once");
        }
        FaultRuleState rule = new FaultRuleState(nextId, method, pathPattern, count, share, seed, until, action);
        nextId++;
        rules.add(rule);
        empty = false;
        return rule.id;
    }

    /**
     * {@return the fault for this request, or {@code null} for none (the control endpoints are never faulted)}
     *
     * @param method the request's method
     * @param rawPath the request's raw path
     */
    public FaultAction next(String method, String rawPath) {
        if (empty || ControlPaths.isControl(rawPath)) {
            return null;
        }
        synchronized (this) {
            Instant now = clock.instant();
            for (FaultRuleState rule : rules) {
                if (rule.fires(method, rawPath, now)) {
                    return rule.action;
                }
            }
            return null;
        }
    }

    /**
     * {@return whether the rule was active and is now gone} A request the rule is being applied to keeps its fault:
     * the rule's action was read under this script's lock and does not change.
     *
     * @param id the rule's ID, as {@link #add} returned it
     */
    public synchronized boolean remove(long id) {
        Instant now = clock.instant();
        rules.removeIf(rule -> rule.exhausted(now));
        boolean removed = rules.removeIf(rule -> rule.id == id);
        empty = rules.isEmpty();
        return removed;
    }

    /** {@return the IDs of the rules still active, in the order added} */
    public synchronized List<Long> ids() {
        Instant now = clock.instant();
        rules.removeIf(rule -> rule.exhausted(now));
        return rules.stream().map(rule -> rule.id).toList();
    }

    /** Forgets every rule; IDs go on from where they were, so one given before is never given again. */
    public synchronized void clear() {
        rules.clear();
        empty = true;
    }

    /** {@return the rules still active, as JSON} */
    public synchronized ArrayNode describe() {
        ArrayNode list = Json.array();
        Instant now = clock.instant();
        for (FaultRuleState rule : rules) {
            if (rule.exhausted(now)) {
                continue;
            }
            ObjectNode item = list.addObject();
            item.put("id", rule.id);
            item.put("method", rule.method);
            item.put("path", rule.path.toString());
            item.put("remaining", rule.remaining());
            item.put("share", rule.share);
            item.put("seed", rule.seed);
            if (rule.until != null) {
                item.put("until", rule.until.toString());
            }
            ObjectNode fault = item.putObject("fault");
            fault.put("type", FaultJson.typeName(rule.action.kind()));
            if (rule.action.status() != 0) {
                fault.put("status", rule.action.status());
            }
            if (!rule.action.headers().isEmpty()) {
                ObjectNode headers = fault.putObject("headers");
                rule.action.headers().forEach(headers::put);
            }
            if (rule.action.delayMillis() > 0) {
                fault.put("delayMs", rule.action.delayMillis());
            }
        }
        return list;
    }

    /** {@return how many rules are active} */
    public synchronized int size() {
        Instant now = clock.instant();
        rules.removeIf(rule -> rule.exhausted(now));
        return rules.size();
    }
}
