package io.quarry.core.spi;

/**
 * The scope whose composite call runs on this thread, so that a {@link Polling} wait made inside it ends when that
 * scope's client closes (see {@link CallScope#endsWaitAtClose(WaitWake)}). Set by {@link CallScope}'s composite calls
 * while their steps run on the calling thread, and by an asynchronous one's {@link CallGroup} while a call of its steps completes, so that a continuation of the steps on
 * the thread completing it waits on the client's watch too; cleared while the composite call's own future completes,
 * so that the caller's code chained on it never sees the note. A search or any single call never touches it.
 */
final class WaitingClient {

    private static final ThreadLocal<CallScope> CURRENT = new ThreadLocal<>();

    private WaitingClient() {}

    /** Makes {@code scope} the current one; returns the one before, to give to {@link #leave(CallScope)}. */
    static CallScope enter(CallScope scope) {
        CallScope previous = CURRENT.get();
        CURRENT.set(scope);
        return previous;
    }

    /** Restores the scope current before {@link #enter(CallScope)}. */
    static void leave(CallScope previous) {
        if (previous == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }

    /** Runs code with no scope current, such as the caller's continuations on a composite call's future. */
    static void outside(Runnable code) {
        CallScope previous = CURRENT.get();
        CURRENT.remove();
        try {
            code.run();
        } finally {
            leave(previous);
        }
    }

    /** {@return the scope whose composite call runs on this thread, or null outside one} */
    static CallScope current() {
        return CURRENT.get();
    }
}
