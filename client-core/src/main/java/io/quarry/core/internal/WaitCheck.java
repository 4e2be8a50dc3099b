package io.quarry.core.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The calls a helper's wait makes to check on what it waits for, cancelled at once when the wait ends early (its
 * client closing): a wait delivers nothing, so neither it nor {@code close()} has any reason to let its check run on.
 * A call joins the check it was started in, on the thread running {@link #run(Supplier)}: the whole call for a blocking
 * check, the call's start for an asynchronous one (its later tries are then cancelled with it).
 */
public final class WaitCheck {

    private static final ThreadLocal<WaitCheck> CURRENT = new ThreadLocal<>();

    /** Cancels the try in flight of each call of the check that has not ended. */
    private final Set<Runnable> cancels = ConcurrentHashMap.newKeySet();

    private volatile boolean ended;

    /**
     * Runs one check, its calls joining this wait.
     *
     * @param check the check
     * @param <T>   what it returns
     * @return what it returned
     */
    public <T> T run(Supplier<T> check) {
        WaitCheck previous = CURRENT.get();
        CURRENT.set(this);
        try {
            return check.get();
        } finally {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        }
    }

    /** Ends the wait: the calls of its check are cancelled, and one it starts afterwards is at its first try. */
    public void end() {
        ended = true;
        for (Runnable cancel : cancels) {
            cancel.run();
        }
    }

    /** {@return the check the current thread runs, or null} */
    static WaitCheck current() {
        return CURRENT.get();
    }

    boolean ended() {
        return ended;
    }

    /** Has a call's try cancelled when the wait ends; at once if it has ended already. */
    void watch(Runnable cancel) {
        cancels.add(cancel);
        if (ended) {
            cancel.run();
        }
    }

    void unwatch(Runnable cancel) {
        cancels.remove(cancel);
    }
}
