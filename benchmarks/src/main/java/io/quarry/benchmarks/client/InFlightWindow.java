package io.quarry.benchmarks.client;

import java.lang.management.ManagementFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A sliding window of asynchronous calls: a new call starts as soon as one of the {@code inFlight} running calls
 * completes, so exactly that many are in flight at any time. Between iterations the window drains, so calls
 * started in one iteration never complete in the next's count.
 */
@State(Scope.Thread)
public class InFlightWindow {

    /** How many calls are kept in flight. */
    @Param({"8", "64", "1000"})
    public int inFlight;

    private Semaphore free;
    private final AtomicLong failures = new AtomicLong();
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    private int threadsAtStart;

    /** Opens the window. */
    @Setup(Level.Trial)
    public void open() {
        free = new Semaphore(inFlight);
        threadsAtStart = ManagementFactory.getThreadMXBean().getThreadCount();
    }

    /**
     * Waits for a free place in the window, then starts a call there.
     *
     * @param call starts the call
     * @throws InterruptedException if the benchmark thread is interrupted
     */
    void start(Supplier<? extends CompletableFuture<?>> call) throws InterruptedException {
        free.acquire();
        call.get().whenComplete((result, error) -> {
            if (error != null && failures.getAndIncrement() == 0) {
                firstFailure.set(error);
            }
            free.release();
        });
    }

    /**
     * Waits until every call of the iteration has completed; fails the run if any call failed.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    @TearDown(Level.Iteration)
    public void drain() throws InterruptedException {
        if (!free.tryAcquire(inFlight, 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("calls still in flight 60 s after the iteration ended");
        }
        free.release(inFlight);
        if (failures.get() > 0) {
            throw new IllegalStateException(failures.get() + " calls failed", firstFailure.get());
        }
    }

    /** Reports how many threads the calls needed beyond those running before the first call. */
    @TearDown(Level.Trial)
    public void reportThreads() {
        int peak = ManagementFactory.getThreadMXBean().getPeakThreadCount();
        System.out.printf(
                "%n[in flight %d: peak %d threads, %d before the first call]%n", inFlight, peak, threadsAtStart);
    }
}
