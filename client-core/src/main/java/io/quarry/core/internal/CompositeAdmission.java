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
 * there (by a chunk listener, say) does not wait for the very call it is part of, which could not end before close()
 * returns.
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

    /** Counts the composite call out once it has ended; later ends do nothing. */
    public void end() {
        if (ended.compareAndSet(false, true)) {
            calls.leave();
        }
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

    /** {@return the still counted composite call of {@code of} that the current thread is inside, or null} */
    static CompositeAdmission runningOnThisThread(CallsInFlight of) {
        for (Running running = RUNNING.get(); running != null; running = running.outer()) {
            if (running.admission().admits(of)) {
                return running.admission();
            }
        }
        return null;
    }

    /** {@return whether the composite call is still counted in flight} */
    boolean counted() {
        return !ended.get();
    }

    private record Running(CompositeAdmission admission, Running outer) {}
}
