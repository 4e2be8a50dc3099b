package io.quarry.core.internal;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * One composite call (a helper's several requests, such as the chunks of a large send) counted as one call in flight
 * of its client: made before {@code close()} began, its own requests are still accepted during the close timeout, so
 * a write the caller made before closing is not cut between two of its requests. Its requests carry it (see
 * {@link PreparedRequest#admission()}); a composite call made once close() has begun gets none, and its requests are
 * refused as any new call is.
 *
 * <p>A thread running the composite call's own code ({@link #runOnThisThread}) is inside it: a {@code close()} made
 * there (by a chunk listener, say) counts out the very call it is part of, and any other of the client it runs inside,
 * rather than wait for calls that could not end before close() returns; their later requests are refused.
 *
 * <p>A wait among the call's steps (a helper's task wait, made through a nested helper) is part of the call: it
 * registers here ({@link #endsWaitWithTheCloseTimeout}) and ends when close() stops waiting for the calls in flight,
 * not when close() begins.
 */
public final class CompositeAdmission {

    /** The composite calls whose code the current thread runs, innermost first; null outside any. */
    private static final ThreadLocal<Running> RUNNING = new ThreadLocal<>();

    private final CallsInFlight calls;
    private final AtomicBoolean ended = new AtomicBoolean();

    CompositeAdmission(CallsInFlight calls) {
        this.calls = calls;
    }

    /** {@return whether a request of this composite call may go on the client counting {@code of}} */
    boolean admits(CallsInFlight of) {
        return of == calls && !ended.get();
    }

    /**
     * Counts the composite call out once it has ended, or once its own code closes the client; later ends do nothing.
     */
    public void end() {
        if (ended.compareAndSet(false, true)) {
            calls.leave();
        }
    }

    /**
     * Has a wait among this composite call's steps ended when its client's {@code close()} stops waiting for the calls
     * in flight, as the call's requests are then refused: the wait is part of the call.
     *
     * @param end ends the wait
     * @return removes the registration; run it once the wait has ended on its own
     */
    public Runnable endsWaitWithTheCloseTimeout(Runnable end) {
        return calls.endWhenGraceIsOver(end);
    }

    /**
     * Runs code of this composite call (its steps, or a continuation of one of its requests) with the current thread
     * inside it.
     *
     * @param code the code
     * @param <T>  what it returns
     * @return what it returned
     */
    public <T> T runOnThisThread(Supplier<T> code) {
        Running outer = RUNNING.get();
        RUNNING.set(new Running(this, outer));
        try {
            return code.get();
        } finally {
            if (outer == null) {
                RUNNING.remove();
            } else {
                RUNNING.set(outer);
            }
        }
    }

    /**
     * Counts out every composite call of {@code of} that the current thread is inside: a close() made there cannot
     * return before they end, nor they end before it returns.
     */
    static void endThoseRunningOnThisThread(CallsInFlight of) {
        for (Running running = RUNNING.get(); running != null; running = running.outer()) {
            if (running.admission().calls == of) {
                running.admission().end();
            }
        }
    }

    private record Running(CompositeAdmission admission, Running outer) {}
}
