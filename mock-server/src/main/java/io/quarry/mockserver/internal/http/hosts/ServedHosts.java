package io.quarry.mockserver.internal.http.hosts;

import io.quarry.mockserver.internal.http.wire.Listener;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The hosts of one server, found by the listener a request came through. While a host refuses connections or
 * holds requests, a tick reads the clock every {@value #TICK_MILLIS} ms and ends what is over, so a test that moves
 * its clock sees the host come back without sleeping. Thread-safe.
 */
public final class ServedHosts {

    /** How often the clock is read while a refusal or a hold is on. */
    static final long TICK_MILLIS = 10;

    private final Clock clock;
    private final ScheduledExecutorService timer;
    private final ReentrantLock tickLock = new ReentrantLock();
    private volatile List<HostState> hosts = List.of();
    private ScheduledFuture<?> ticking;

    /**
     * @param clock the server's clock, which the hosts' durations are read on
     * @param timer runs the tick
     */
    public ServedHosts(Clock clock, ScheduledExecutorService timer) {
        this.clock = clock;
        this.timer = timer;
    }

    /** {@return a server's hosts where there is no server: none, ever} */
    public static ServedHosts none() {
        return new ServedHosts(Clock.systemUTC(), null);
    }

    /**
     * Makes one host of each listener, in order.
     *
     * @param listeners the server's listeners
     */
    public void bind(List<Listener> listeners) {
        List<HostState> bound = new ArrayList<>(listeners.size());
        for (Listener listener : listeners) {
            bound.add(new HostState(bound.size(), new HostListener(listener), clock, this::windowOpened));
        }
        hosts = List.copyOf(bound);
    }

    /** {@return the hosts, in order} */
    public List<HostState> all() {
        return hosts;
    }

    /**
     * {@return the host of a listener, or {@code null} for a listener not bound}
     *
     * @param listener the listener a request came through
     */
    public HostState of(Listener listener) {
        for (HostState host : hosts) {
            if (host.listener().listener() == listener) {
                return host;
            }
        }
        return null;
    }

    /** Lets go of the ports the hosts that refuse connections hold, once the server has stopped. */
    public void release() {
        hosts.forEach(HostState::release);
    }

    /**
     * Closes the requests the hosts hold unanswered, as the server stops, and those a hold on takes from now on: none
     * of them is ever answered.
     */
    public void endHolds() {
        hosts.forEach(HostState::stopHolding);
    }

    /** Ends every host's scripts, opens every host again and forgets their request counts. */
    public void reset() {
        hosts.forEach(HostState::reset);
    }

    private void windowOpened() {
        tickLock.lock();
        try {
            if (ticking == null) {
                ticking = timer.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
            }
        } finally {
            tickLock.unlock();
        }
    }

    private void tick() {
        boolean pending = false;
        for (HostState host : hosts) {
            try {
                pending |= host.endWindowsOver();
            } catch (RuntimeException e) {
                // tried again on the next tick; an exception would end the tick for good
                pending = true;
            }
        }
        if (pending) {
            return;
        }
        tickLock.lock();
        try {
            // a window opened since the loop above keeps the tick going
            if (ticking != null && hosts.stream().noneMatch(HostState::windowPending)) {
                ticking.cancel(false);
                ticking = null;
            }
        } finally {
            tickLock.unlock();
        }
    }
}
