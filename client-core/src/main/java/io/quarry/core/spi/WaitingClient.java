package io.quarry.core.spi;

import io.quarry.core.ApiClient;

/**
 * The client whose composite call runs on this thread, so that a {@link Polling} wait made inside it ends when that
 * client closes. Set by {@link CallScope}'s composite calls while their steps run on the calling thread, and by an
 * asynchronous one's {@link CallGroup} while a call of its steps completes, so that a continuation of the steps on
 * the thread completing it waits on the client's watch too; cleared while the composite call's own future completes,
 * so that the caller's code chained on it never sees the note. A search or any single call never touches it.
 */
final class WaitingClient {

    private static final ThreadLocal<ApiClient> CURRENT = new ThreadLocal<>();

    private WaitingClient() {}

    /** Makes {@code api} the current client; returns the one before, to give to {@link #leave(ApiClient)}. */
    static ApiClient enter(ApiClient api) {
        ApiClient previous = CURRENT.get();
        CURRENT.set(api);
        return previous;
    }

    /** Restores the client current before {@link #enter(ApiClient)}. */
    static void leave(ApiClient previous) {
        if (previous == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }

    /** Runs code with no client current, such as the caller's continuations on a composite call's future. */
    static void outside(Runnable code) {
        ApiClient previous = CURRENT.get();
        CURRENT.remove();
        try {
            code.run();
        } finally {
            leave(previous);
        }
    }

    /** {@return the current client, or null outside a composite call} */
    static ApiClient current() {
        return CURRENT.get();
    }
}
