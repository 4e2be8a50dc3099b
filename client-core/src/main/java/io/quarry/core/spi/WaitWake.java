package io.quarry.core.spi;

import io.quarry.core.ApiClient;
import io.quarry.core.ClientClosedException;
import io.quarry.core.internal.WaitCheck;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Ends one {@link Polling} wait when its client closes. Registered for the wait's length, with the client
 * ({@link ApiClient#onClose(AutoCloseable)}) for a wait the caller asked for, or, for a wait among the steps of a
 * composite call admitted before {@code close()}, with that call, to end when close() stops waiting for the calls in
 * flight ({@link CallScope#endsWaitAtClose(WaitWake)}). Closing it wakes a blocking wait's sleep, and runs an asynchronous
 * wait's scheduled attempt at once, which then finds it closed. A check in flight ends at once too: its calls are
 * cancelled, and an asynchronous wait fails without waiting for them. No thread of its own: a blocking wait sleeps on
 * a latch, an asynchronous one is a scheduled step as before.
 */
final class WaitWake implements AutoCloseable {

    private final CountDownLatch closed = new CountDownLatch(1);
    /** The asynchronous wait's next attempt while it is scheduled, else null. */
    private final AtomicReference<Runnable> scheduled = new AtomicReference<>();
    /** The calls of the wait's checks, cancelled when the client closes. */
    private final WaitCheck check = new WaitCheck();
    /** Fails an asynchronous wait, whatever its check's state; null for a blocking wait. */
    private volatile Runnable failWait;

    private final Runnable unregister;

    private WaitWake(CallScope scope) {
        this.unregister = scope.endsWaitAtClose(this);
    }

    /** {@return a wake registered with the current composite call's client, or null outside one} */
    static WaitWake ofCurrentClient() {
        CallScope scope = WaitingClient.current();
        return scope == null ? null : new WaitWake(scope);
    }

    /**
     * Sleeps for the delay, or until the client closes.
     *
     * @return whether the client closed
     */
    boolean sleep(Duration delay) throws InterruptedException {
        return closed.await(delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    boolean isClosed() {
        return closed.getCount() == 0;
    }

    /** Runs one check of the wait, its calls cancelled if the client closes meanwhile. */
    <T> T check(Supplier<T> attempt) {
        return check.run(attempt);
    }

    /** Has the client's closing fail the asynchronous wait at once, even while its check is in flight. */
    void failsWith(Runnable fail) {
        failWait = fail;
        if (isClosed()) {
            // close() may have looked for it before it was set
            TimedSteps.now().execute(fail);
        }
    }

    /** Runs the step after the delay, or as soon as the client closes; once either way. */
    void schedule(Duration delay, Runnable step) {
        Runnable once = new Runnable() {
            @Override
            public void run() {
                if (scheduled.compareAndSet(this, null)) {
                    step.run();
                }
            }
        };
        scheduled.set(once);
        TimedSteps.after(delay.toMillis(), TimeUnit.MILLISECONDS).execute(once);
        if (isClosed()) {
            // close() may have looked for a scheduled step before this one was set
            once.run();
        }
    }

    /** The error ending a wait whose client closed. */
    static ClientClosedException closedWhileWaitingFor(String what) {
        return new ClientClosedException("the client was closed while waiting for " + what);
    }

    /** Wakes the wait: called by the client's {@code close()}, as it begins or as it stops waiting for its calls. */
    @Override
    public void close() {
        closed.countDown();
        check.end();
        Runnable fail = failWait;
        if (fail != null) {
            // on a pool rather than the closing thread, as the scheduled step below: it runs the wait's continuations
            TimedSteps.now().execute(fail);
        }
        Runnable step = scheduled.get();
        if (step != null) {
            // on the pool the delay would have run it on, not on the closing thread
            TimedSteps.now().execute(step);
        }
    }

    /** Unregisters from the client: the wait ended. */
    void end() {
        unregister.run();
    }
}
