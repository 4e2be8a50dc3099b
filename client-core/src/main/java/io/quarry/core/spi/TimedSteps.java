package io.quarry.core.spi;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the clients run what comes due later: a try's or round's delay, a wait's next check, an ingester's flush
 * interval, a step woken by {@code close()}. These steps are short (each starts a call or hands work on) and run on
 * the SDK's own daemon threads, never on the common {@code ForkJoinPool}, which is what
 * {@link CompletableFuture#delayedExecutor(long, TimeUnit)} and {@link CompletableFuture#runAsync(Runnable)} use:
 * on JDK 25 with two processors that pool has a single thread (older JDKs gave each task a thread of its own at that
 * size), so an application blocking it, such as a {@code supplyAsync} of a blocking call, held every retry and wait
 * of every client until it was done. The delay itself is kept by the JDK's shared delay thread, which only hands a due
 * step over. Threads are made when none is idle and end after a minute without work.
 */
public final class TimedSteps {

    private static final AtomicInteger THREADS = new AtomicInteger();

    private static final ExecutorService STEPS =
            new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), step -> {
                Thread thread = new Thread(step, "Quarry timed step " + THREADS.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });

    private TimedSteps() {}

    /**
     * {@return an executor that runs each step it is given after the delay, on the SDK's own threads}
     *
     * @param delay how long from now, not negative
     * @param unit  the delay's unit
     */
    public static Executor after(long delay, TimeUnit unit) {
        return CompletableFuture.delayedExecutor(delay, Objects.requireNonNull(unit, "unit"), STEPS);
    }

    /** {@return an executor that runs each step it is given at once, on one of the SDK's own threads} */
    public static Executor now() {
        return STEPS;
    }
}
