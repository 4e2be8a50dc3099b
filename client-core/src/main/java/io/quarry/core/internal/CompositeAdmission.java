package io.quarry.core.internal;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One composite call (a helper's several requests, such as the chunks of a large send) counted as one call in flight
 * of its client: made before {@code close()} began, its own requests are still accepted during the close timeout, so
 * a write the caller made before closing is not cut between two of its requests. Its requests carry it (see
 * {@link PreparedRequest#admission()}); a composite call made once close() has begun gets none, and its requests are
 * refused as any new call is.
 */
public final class CompositeAdmission {

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
}
