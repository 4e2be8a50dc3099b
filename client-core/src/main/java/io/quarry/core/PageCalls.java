package io.quarry.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The calls sent while the asynchronous reading of a {@link PagedIterable} asks for one page. A module's page
 * function returns a stage derived from its call's future, and cancelling a derived stage leaves its source
 * running; so the reading collects the calls' own futures as the requests are sent, on the asking thread, and
 * cancels them with the page. The page functions keep their signature and users' own stages stay untouched.
 */
final class PageCalls {

    /** The page being asked for on this thread, if any. */
    private static final ThreadLocal<PageCalls> ASKING = new ThreadLocal<>();

    /** Filled on the asking thread before the reading publishes this object, read after. */
    private final List<Future<?>> calls = new ArrayList<>(1);

    /** Tells the page being asked for on this thread, if any, of a call just sent for it. */
    static void sent(Future<?> call) {
        PageCalls page = ASKING.get();
        if (page != null) {
            page.calls.add(call);
        }
    }

    /** Runs a page function, collecting the calls it sends on this thread. */
    <V> V asking(Supplier<V> read) {
        PageCalls outer = ASKING.get();
        ASKING.set(this);
        try {
            return read.get();
        } finally {
            if (outer == null) {
                ASKING.remove();
            } else {
                ASKING.set(outer);
            }
        }
    }

    /** Cancels every call sent for the page; those already answered are left as they are. */
    void cancel() {
        for (Future<?> call : calls) {
            call.cancel(false);
        }
    }
}
