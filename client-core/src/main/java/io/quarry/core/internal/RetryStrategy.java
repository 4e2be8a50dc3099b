package io.quarry.core.internal;

import io.quarry.core.CallType;
import io.quarry.core.Host;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which hosts a call tries, in which order, with which timeout, and what each outcome means; shared by all
 * calls of a client and thread-safe. No HTTP inside: outcomes come in as status codes and failure kinds.
 *
 * <ul>
 *   <li>A host is <em>up</em>, <em>down</em> (after a network failure or a 5xx, for a TTL after which it is
 *       tried again) or <em>timed out</em> (still up, its retry count grows by one per timeout).</li>
 *   <li>The timeout of a try is the base timeout times (retry count + 1), so a slow host gets more time on
 *       each later call instead of failing the same way forever.</li>
 *   <li>A success or a 4xx answer (the host works) resets the host.</li>
 *   <li>A call tries the up hosts serving its call type, in configured order; if none is up, all are reset
 *       and tried again.</li>
 * </ul>
 */
public final class RetryStrategy {

    /** What a call does after one try. */
    public enum Verdict {
        /** The try succeeded: decode and return. */
        SUCCESS,
        /** The try failed on this host: try the next one. */
        RETRY,
        /** The try failed for a reason another host would not fix (4xx): stop. */
        FAIL
    }

    private record State(boolean up, Instant since, int retryCount) {
        static final State FRESH = new State(true, Instant.EPOCH, 0);
    }

    private final List<Host> hosts;
    private final Clock clock;
    private final Duration downTtl;
    private final Map<Host, State> states = new ConcurrentHashMap<>();

    /**
     * @param hosts   every host of the client, in try order
     * @param clock   the clock deciding when a down host's TTL has passed
     * @param downTtl how long a host stays down
     */
    public RetryStrategy(List<Host> hosts, Clock clock, Duration downTtl) {
        this.hosts = List.copyOf(hosts);
        this.clock = clock;
        this.downTtl = downTtl;
    }

    /**
     * The hosts a new call of the given type tries, in order.
     *
     * @param type the call type
     * @return the hosts; never empty if any host serves the type
     */
    public List<Host> hostsFor(CallType type) {
        Instant now = clock.instant();
        List<Host> serving = new ArrayList<>();
        List<Host> usable = new ArrayList<>();
        for (Host host : hosts) {
            if (!host.serves(type)) {
                continue;
            }
            serving.add(host);
            State state = states.getOrDefault(host, State.FRESH);
            if (state.up()) {
                usable.add(host);
            } else if (!now.isBefore(state.since().plus(downTtl))) {
                states.remove(host, state);
                usable.add(host);
            }
        }
        if (usable.isEmpty()) {
            serving.forEach(states::remove);
            return serving;
        }
        return usable;
    }

    /**
     * The timeout of the next try on a host: the base times (retry count + 1).
     *
     * @param host the host
     * @param base the configured timeout
     * @return the timeout to apply
     */
    public Duration timeout(Host host, Duration base) {
        return base.multipliedBy(retryCount(host) + 1L);
    }

    /**
     * How many times in a row the host timed out.
     *
     * @param host the host
     * @return the retry count
     */
    public int retryCount(Host host) {
        return states.getOrDefault(host, State.FRESH).retryCount();
    }

    /**
     * Whether the host is currently usable (up, or down with its TTL passed).
     *
     * @param host the host
     * @return true if usable
     */
    public boolean isUp(Host host) {
        State state = states.getOrDefault(host, State.FRESH);
        return state.up() || !clock.instant().isBefore(state.since().plus(downTtl));
    }

    /**
     * Records an HTTP answer: 2xx succeeds; 5xx marks the host down and retries; any other status means the
     * host works but the request is wrong, so the call stops.
     *
     * @param host   the host that answered
     * @param status the HTTP status
     * @return what the call does next
     */
    public Verdict onStatus(Host host, int status) {
        if (status >= 500) {
            markDown(host);
            return Verdict.RETRY;
        }
        states.remove(host);
        return status >= 200 && status < 300 ? Verdict.SUCCESS : Verdict.FAIL;
    }

    /**
     * Records a network failure: a timeout keeps the host up and grows its retry count; any other failure
     * (refused, reset, truncated) marks it down. Either way the call moves to the next host.
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
