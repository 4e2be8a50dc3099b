package io.quarry.mockserver.internal.http.hosts;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The requests a host holds unanswered while it plays a black hole: each is closed, unanswered and not applied, when
 * the hold ends. Bounded to {@value #MAX_HELD} at once; a request past that is closed at once. Thread-safe.
 */
final class HeldRequests {

    /** The most requests held at once (each holds a connection). */
    static final int MAX_HELD = 10_000;

    private final ReentrantLock lock = new ReentrantLock();
    private final List<Runnable> closers = new ArrayList<>();
    private Instant until;
    /** Set as the server stops: a request the hold takes from then on is closed at once. */
    private boolean stopped;

    /** Holds the requests that arrive from now until {@code until}. */
    void holdUntil(Instant until) {
        lock.lock();
        try {
            this.until = until;
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@return when the hold ends, if one is on}
     *
     * @param now the clock's time
     */
    Optional<Instant> until(Instant now) {
        lock.lock();
        try {
            return Optional.ofNullable(until).filter(now::isBefore);
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@return whether the request is held (its closer then runs when the hold ends), false when no hold is on}
     *
     * @param closer closes the request's connection without an answer
     * @param now the clock's time
     */
    boolean hold(Runnable closer, Instant now) {
        lock.lock();
        try {
            if (until == null || !now.isBefore(until)) {
                return false;
            }
            if (!stopped && closers.size() < MAX_HELD) {
                closers.add(closer);
                return true;
            }
        } finally {
            lock.unlock();
        }
        closer.run();
        return true;
    }

    /** {@return whether a hold is still on after ending it if its time has come} */
    boolean endIfOver(Instant now) {
        lock.lock();
        try {
            if (until != null && now.isBefore(until)) {
                return true;
            }
        } finally {
            lock.unlock();
        }
        end();
        return false;
    }

    /** Ends the hold: the held requests are closed. */
    void end() {
        List<Runnable> released;
        lock.lock();
        try {
            until = null;
            released = List.copyOf(closers);
            closers.clear();
        } finally {
            lock.unlock();
        }
        closeAll(released);
    }

    /**
     * Closes the held requests as the server stops, and every one the hold takes from now on: the hold stays on, so
     * a request that reached the host before the stop but its hold's check only after is closed too, not answered.
     */
    void stop() {
        List<Runnable> released;
        lock.lock();
        try {
            stopped = true;
            released = List.copyOf(closers);
            closers.clear();
        } finally {
            lock.unlock();
        }
        closeAll(released);
    }

    private static void closeAll(List<Runnable> released) {
        for (Runnable closer : released) {
            try {
                closer.run();
            } catch (RuntimeException ignored) {
                // a connection already gone
            }
        }
    }

    /** {@return whether a hold is on (ended or not by the clock)} */
    boolean pending() {
        lock.lock();
        try {
            return until != null;
        } finally {
            lock.unlock();
        }
    }
}
