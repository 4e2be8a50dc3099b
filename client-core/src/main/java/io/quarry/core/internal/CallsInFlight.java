package io.quarry.core.internal;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The calls of one client made and not yet ended, from the moment a call is accepted to its outcome: queued for a
 * sender, looking up a host, connecting, sent, or waiting for its next try or round. {@code close()} refuses new
 * calls here, then waits a while for these to end before cancelling what is left.
 *
 * <p>Why a counter rather than OkHttp's own bookkeeping: OkHttp's {@code Dispatcher} knows only the tries it runs,
 * and an asynchronous try runs on the client's own threads ({@link AsyncSender}), not through it; a caller-supplied
 * client's dispatcher also counts the caller's own calls; and a call waiting between two tries (a new round, a
 * rate-limit reset) is in no structure of OkHttp's at all. Shutting the sender's executor down and awaiting its
 * termination would miss those waits too, and would leave a retry made during the wait without a thread. So a call
 * costs two atomic updates here and a volatile read, and the closing thread sleeps on this object's monitor until
 * the count reaches zero.
 */
final class CallsInFlight {

    private final AtomicInteger running = new AtomicInteger();
    /** Set once by {@link #refuseAndAwait}: no call is accepted afterwards. */
    private volatile boolean refusing;
    /** Set once {@link #refuseAndAwait} stops waiting: a request of an admitted composite call is refused too. */
    private volatile boolean graceOver;
    /** The waits among admitted composite calls' steps, ended once {@link #refuseAndAwait} stops waiting. */
    private final Set<Runnable> stepWaits = ConcurrentHashMap.newKeySet();

    /**
     * Counts a new call in, unless calls are refused: then it is not counted.
     *
     * @return whether the call may go on; if so, {@link #leave()} must follow once it ends
     */
    boolean enter() {
        return enter(null);
    }

    /**
     * Counts a request in, as {@link #enter()} does, but lets a request of a composite call admitted before calls
     * were refused go on until the wait for the calls in flight ends: that composite call is one of them.
     *
     * @param admission the composite call the request is part of, or null
     * @return whether the request may go on; if so, {@link #leave()} must follow once it ends
     */
    boolean enter(CompositeAdmission admission) {
        // counted before the check: a closing thread that saw no call running has set the flag first, so a call
        // counted after that look sees the flag and leaves
        running.incrementAndGet();
        if (refusing && (graceOver || admission == null || !admission.admits(this))) {
            leave();
            return false;
        }
        return true;
    }

    /**
     * Counts a composite call in as one call in flight, until its {@link CompositeAdmission#end()}.
     *
     * @return its admission, or null when calls are refused (its requests are refused then)
     */
    CompositeAdmission admitComposite() {
        return enter() ? new CompositeAdmission(this) : null;
    }

    /** Counts a call out once it has ended, waking a closing thread waiting for the last one. */
    void leave() {
        if (running.decrementAndGet() == 0 && refusing) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /**
     * Has a wait among an admitted composite call's steps ended once {@link #refuseAndAwait} stops waiting, rather than
     * when close() begins: it is part of that call, which is given the close timeout to end.
     *
     * @param end ends the wait; run at once if the wait for the calls in flight is over already
     * @return removes the registration; run it once the wait has ended on its own
     */
    Runnable endWhenGraceIsOver(Runnable end) {
        stepWaits.add(end);
        if (graceOver) {
            endStepWait(end);
        }
        return () -> stepWaits.remove(end);
    }

    private void endStepWait(Runnable end) {
        // removed first: the closing thread and a wait registering as it stops waiting may both find it
        if (stepWaits.remove(end)) {
            end.run();
        }
    }

    /**
     * Refuses new calls, then waits up to {@code grace} for those counted in to end; returns at once for a grace
     * of zero. The composite calls the closing thread is inside (its callback closes the client) are counted out
     * first: they cannot end before this returns, and their later requests are refused as new calls are. The waits
     * among admitted composite calls' steps end once this stops waiting. An interrupt ends the wait, with the
     * thread's interrupt flag set again.
     *
     * @param grace how long to wait, not negative
     */
    void refuseAndAwait(Duration grace) {
        refusing = true;
        CompositeAdmission.endThoseRunningOnThisThread(this);
        try {
            await(grace);
        } finally {
            graceOver = true;
            for (Runnable end : stepWaits) {
                endStepWait(end);
            }
        }
    }

    private void await(Duration grace) {
        if (grace.isZero()) {
            return;
        }
        long deadline = Nanos.saturatedAdd(System.nanoTime(), Nanos.of(grace));
        synchronized (this) {
            long left;
            while (running.get() > 0 && (left = deadline - System.nanoTime()) > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
