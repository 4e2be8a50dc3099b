package io.quarry.mockserver.internal.http.hosts;

import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.http.faults.FaultScript;
import io.quarry.mockserver.internal.http.wire.CloseReason;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One host of a server: its listener, the requests it received, and what is scripted for it: a time it refuses
 * connections, a time it holds requests unanswered, and faults for its requests (tried before the server-wide
 * ones). Durations are read on the server's clock; a window that ends is closed by its {@link ServedHosts}' tick.
 * Thread-safe.
 */
public final class HostState {

    private final int index;
    private final HostListener listener;
    private final Clock clock;
    private final Runnable windowOpened;
    private final FaultScript faults;
    private final HeldRequests held = new HeldRequests();
    private final AtomicLong requests = new AtomicLong();
    private final ReentrantLock lock = new ReentrantLock();
    private Instant refusedUntil;

    HostState(int index, HostListener listener, Clock clock, Runnable windowOpened) {
        this.index = index;
        this.listener = listener;
        this.clock = clock;
        this.windowOpened = windowOpened;
        this.faults = new FaultScript(clock);
    }

    /** {@return the host's position among the server's hosts, from 0} */
    public int index() {
        return index;
    }

    /** {@return the port it listens on (also while it refuses connections)} */
    public int port() {
        return listener.port();
    }

    /** {@return how many requests reached it (the control endpoints' left out) since start or the last reset} */
    public long requests() {
        return requests.get();
    }

    /**
     * {@return how many connections it closed without an answer for that reason, since the server started (a reset
     *     leaves them: they tell what happened)}
     *
     * @param reason the reason
     */
    public long unanswered(CloseReason reason) {
        return listener.listener().unanswered(reason);
    }

    /** {@return whether it accepts connections now} */
    public boolean accepting() {
        lock.lock();
        try {
            return listener.isOpen();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Refuses connections from now for that long: the port stops listening and the connections open on it are
     * closed; it listens again on the same port once the time has passed.
     *
     * @param duration how long, positive
     */
    public void refuseFor(Duration duration) {
        Instant until = until(duration);
        lock.lock();
        try {
            refusedUntil = until;
            listener.close();
        } finally {
            lock.unlock();
        }
        windowOpened.run();
    }

    /**
     * Holds the requests that arrive from now for that long, unanswered; each is closed, unanswered and not applied,
     * when the time has passed.
     *
     * @param duration how long, positive
     */
    public void holdFor(Duration duration) {
        held.holdUntil(until(duration));
        windowOpened.run();
    }

    /**
     * Faults the requests that arrive from now for that long.
     *
     * @param duration how long, positive
     * @param action what happens to them
     * @return the rule's ID
     * @throws IllegalArgumentException when the host has its most rules already
     */
    public long faultFor(Duration duration, FaultAction action) {
        return faults.add("*", "/**", -1, 1.0, 0, until(duration), action);
    }

    /**
     * Faults the next requests.
     *
     * @param count how many, at least 1
     * @param action what happens to them
     * @return the rule's ID
     * @throws IllegalArgumentException when the count is not positive or the host has its most rules already
     */
    public long faultNext(int count, FaultAction action) {
        if (count < 1) {
            throw new IllegalArgumentException("the count must be at least 1");
        }
        return faults.add("*", "/**", count, 1.0, 0, action);
    }

    /** {@return how many per-request fault rules are still active} */
    public int activeRules() {
        return faults.size();
    }

    /** Ends everything scripted for the host: it listens again, held requests are closed, its rules are gone. */
    public void clear() {
        boolean retry;
        lock.lock();
        try {
            refusedUntil = null;
            retry = !listener.open();
            if (retry) {
                // the port could not be bound again yet: the tick tries again
                refusedUntil = clock.instant();
            }
        } finally {
            lock.unlock();
        }
        if (retry) {
            windowOpened.run();
        }
        held.end();
        faults.clear();
    }

    /** Closes the requests held, and those a hold on takes from now on, as the server stops. */
    void stopHolding() {
        held.stop();
    }

    /** Lets go of the port held while refusing connections, as the server stops. */
    void release() {
        lock.lock();
        try {
            listener.release();
        } finally {
            lock.unlock();
        }
    }

    /** Clears what is scripted and forgets the requests received. */
    void reset() {
        clear();
        requests.set(0);
    }

    /**
     * Counts a request that reached the host and holds it when a hold is on.
     *
     * @param closer closes the request's connection without an answer
     * @return whether the request is held: the caller leaves it alone
     */
    public boolean received(Runnable closer) {
        requests.incrementAndGet();
        return held.hold(closer, clock.instant());
    }

    /** {@return when the host listens again, while it refuses connections} */
    public Optional<Instant> refusingUntil() {
        Instant now = clock.instant();
        lock.lock();
        try {
            return Optional.ofNullable(refusedUntil).filter(now::isBefore);
        } finally {
            lock.unlock();
        }
    }

    /** {@return when the host's hold ends, while it holds requests unanswered} */
    public Optional<Instant> holdingUntil() {
        return held.until(clock.instant());
    }

    /** {@return the host's per-request faults, tried before the server-wide ones} */
    public FaultScript faults() {
        return faults;
    }

    /** {@return whether a refusal or a hold is still on, after ending those whose time has come} */
    boolean endWindowsOver() {
        Instant now = clock.instant();
        boolean pending = held.endIfOver(now);
        lock.lock();
        try {
            if (refusedUntil != null && !now.isBefore(refusedUntil) && listener.open()) {
                refusedUntil = null;
            }
            return pending || refusedUntil != null;
        } finally {
            lock.unlock();
        }
    }

    /** {@return whether a refusal or a hold is on} */
    boolean windowPending() {
        lock.lock();
        try {
            return refusedUntil != null || held.pending();
        } finally {
            lock.unlock();
        }
    }

    HostListener listener() {
        return listener;
    }

    private Instant until(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("the duration must be positive");
        }
        Instant now = clock.instant();
        try {
            return now.plus(duration);
        } catch (DateTimeException | ArithmeticException e) {
            return Instant.MAX;
        }
    }
}
