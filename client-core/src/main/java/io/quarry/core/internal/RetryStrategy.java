package io.quarry.core.internal;

import io.quarry.core.CallType;
import io.quarry.core.Host;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which hosts a call tries, in which order, with which timeout, and what each outcome means; shared by all
 * calls of a client and thread-safe. No HTTP inside: outcomes come in as status codes and failure kinds.
 *
 * <ul>
 *   <li>A host is <em>up</em>, <em>down</em> (after a network failure or a 5xx, skipped for a TTL after which
 *       it is tried again) or <em>timed out</em> (still up, its retry count grows by one per timeout).</li>
 *   <li>The timeout of a try is the base timeout times (retry count + 1), capped at
 *       {@value #MAX_TIMEOUT_MULTIPLIER} times the base, so a slow host gets more time on each later call
 *       instead of failing the same way forever, without a black-holed host costing ever longer waits.</li>
 *   <li>A call tries the healthy hosts serving its call type first, in configured order, then the timed-out
 *       ones, fewest timeouts first: a host that stopped answering no longer delays every later call, yet is
 *       still tried (with its grown timeout) when no other host answers.</li>
 *   <li>A success or a 4xx answer (the host works) resets the host; so does the TTL passing since its last
 *       failure, which puts a timed-out host back in its configured place with the base timeout, and so does the
 *       wall clock going back to before that failure.</li>
 *   <li>If no host serving the call type is up, all are reset and tried again.</li>
 * </ul>
 */
public final class RetryStrategy {

    /** The most a timeout grows: this many times the base timeout. */
    public static final int MAX_TIMEOUT_MULTIPLIER = 4;

    /** What a call does after one try. */
    public enum Verdict {
        /** The try succeeded: decode and return. */
        SUCCESS,
        /** The try failed on this host: try the next one. */
        RETRY,
        /** The try failed for a reason another host would not fix (4xx): stop. */
        FAIL
    }

    /** A host's state once something went wrong with it; a host without one is healthy. */
    private record State(boolean up, Instant since, int retryCount) {}

    private static final State HEALTHY = new State(true, Instant.EPOCH, 0);

    private final Map<CallType, List<Host>> configuredOrder = new EnumMap<>(CallType.class);
    private final Clock clock;
    private final Duration downTtl;
    private final Map<Host, State> states = new ConcurrentHashMap<>();

    /**
     * @param hosts   every host of the client, in configured try order
     * @param clock   the clock deciding when a host's TTL has passed
     * @param downTtl how long a host stays down, and how long a timed-out host keeps its place and timeout
     */
    public RetryStrategy(List<Host> hosts, Clock clock, Duration downTtl) {
        List<Host> ordered = List.copyOf(hosts);
        this.clock = clock;
        this.downTtl = downTtl;
        for (CallType type : CallType.values()) {
            List<Host> serving = new ArrayList<>(ordered.size());
            for (Host host : ordered) {
                if (host.serves(type)) {
                    serving.add(host);
                }
            }
            configuredOrder.put(type, List.copyOf(serving));
        }
    }

    /**
     * The hosts a new call of the given type tries, in order: healthy hosts in configured order, then timed-out
     * hosts by increasing retry count; down hosts are left out during their TTL.
     *
     * @param type the call type
     * @return the hosts, unmodifiable; never empty if any host serves the type
     */
    public List<Host> hostsFor(CallType type) {
        List<Host> serving = configuredOrder.get(type);
        if (states.isEmpty()) {
            // the common case: nothing went wrong, so the answer is the precomputed list
            return serving;
        }
        Instant now = clock.instant();
        List<Host> healthy = new ArrayList<>(serving.size());
        List<Host> timedOut = new ArrayList<>(0);
        List<Integer> timeouts = new ArrayList<>(0);
        for (Host host : serving) {
            State state = states.get(host);
            if (state != null && ttlPassed(state, now)) {
                states.remove(host, state);
                state = null;
            }
            if (state == null) {
                healthy.add(host);
            } else if (state.up()) {
                // insertion by the count read now (counts may change meanwhile); equal counts keep configured order
                int at = timedOut.size();
                while (at > 0 && timeouts.get(at - 1) > state.retryCount()) {
                    at--;
                }
                timedOut.add(at, host);
                timeouts.add(at, state.retryCount());
            }
        }
        if (healthy.isEmpty() && timedOut.isEmpty()) {
            serving.forEach(states::remove);
            return serving;
        }
        healthy.addAll(timedOut);
        return Collections.unmodifiableList(healthy);
    }

    /**
     * The hosts serving the call type that {@link #hostsFor} left out (down during their TTL), in configured order:
     * a call tries them last, once every other host failed, rather than failing while a host might answer.
     *
     * @param type   the call type
     * @param chosen the hosts the call already tries
     * @return the down hosts, possibly empty
     */
    public List<Host> lastResortFor(CallType type, List<Host> chosen) {
        List<Host> serving = configuredOrder.get(type);
        if (chosen.size() == serving.size()) {
            return List.of();
        }
        return serving.stream().filter(h -> !chosen.contains(h)).toList();
    }

    /**
     * The timeout of the next try on a host: the base times (retry count + 1), at most
     * {@value #MAX_TIMEOUT_MULTIPLIER} times the base.
     *
     * @param host the host
     * @param base the configured timeout
     * @return the timeout to apply
     */
    public Duration timeout(Host host, Duration base) {
        if (states.isEmpty()) {
            return base;
        }
        if (base.getSeconds() > Integer.MAX_VALUE) {
            return base; // decades already: growing it would only overflow (OkHttp takes at most 24.8 days)
        }
        return base.multipliedBy(Math.min(retryCount(host) + 1L, MAX_TIMEOUT_MULTIPLIER));
    }

    /**
     * How many times in a row the host timed out.
     *
     * @param host the host
     * @return the retry count
     */
    public int retryCount(Host host) {
        return states.getOrDefault(host, HEALTHY).retryCount();
    }

    /**
     * Whether the host is currently usable (up, or down with its TTL passed).
     *
     * @param host the host
     * @return true if usable
     */
    public boolean isUp(Host host) {
        State state = states.getOrDefault(host, HEALTHY);
        return state.up() || ttlPassed(state, clock.instant());
    }

    /**
     * Whether the TTL since the state's failure has passed. A failure later than now means the wall clock was set
     * back since: the TTL counts as passed, as it surely has, rather than keeping the host last for as long again
     * as the clock went back (hours, after a clock set far ahead is corrected). Measured as the time since the
     * failure, which cannot overflow, where the failure's time plus a TTL of centuries would be past the last
     * {@link Instant}.
     */
    private boolean ttlPassed(State state, Instant now) {
        return now.isBefore(state.since())
                || Duration.between(state.since(), now).compareTo(downTtl) >= 0;
    }

    /**
     * Records an HTTP answer: 2xx succeeds; 4xx means the host works but the request is wrong, so the call
     * stops; any other status (5xx, or a 3xx or 1xx the service never sends, from something in between) marks
     * the host down and retries.
     *
     * @param host   the host that answered
     * @param status the HTTP status
     * @return what the call does next
     */
    public Verdict onStatus(Host host, int status) {
        if (status >= 200 && status < 300) {
            reset(host);
            return Verdict.SUCCESS;
        }
        if (status >= 400 && status < 500) {
            reset(host);
            return Verdict.FAIL;
        }
        markDown(host);
        return Verdict.RETRY;
    }

    /**
     * Makes the host healthy. While every host already is (nearly always), the host is not even hashed: its hash
     * covers every part of it, its set of call types included.
     */
    private void reset(Host host) {
        if (!states.isEmpty()) {
            states.remove(host);
        }
    }

    /**
     * Records a network failure: a timeout keeps the host up, grows its retry count and moves it behind the
     * healthy hosts for the TTL; any other failure (refused, reset, truncated) marks it down. Either way the
     * call moves to the next host.
     *
     * @param host    the host
     * @param timeout whether the failure was a timeout
     * @return always {@link Verdict#RETRY}
     */
    public Verdict onNetworkFailure(Host host, boolean timeout) {
        if (timeout) {
            states.compute(host, (h, s) -> new State(true, clock.instant(), (s == null ? 0 : s.retryCount()) + 1));
        } else {
            markDown(host);
        }
        return Verdict.RETRY;
    }

    private void markDown(Host host) {
        states.put(host, new State(false, clock.instant(), 0));
    }
}
