package io.quarry.mockserver.internal.http;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.eclipse.jetty.util.VirtualThreads;

/**
 * How many handlers run at once, with a bounded queue in front. A request that finds a free turn runs at once;
 * otherwise it waits in the queue, and when a handler finishes, the next waiting one is handed to a thread of this
 * pool with the freed turn. A request that finds the queue full is refused (answered 503 at once: true overload),
 * never parked without bound. Waiting holds no thread: the server thread that offered the request has returned.
 *
 * <p>On a JDK with virtual threads (21 and newer) each handler runs on a virtual thread of its own: a handler that
 * blocks (waiting for a build, fetching a page) holds no platform thread, and CPU-bound handlers use at most the
 * JDK's carrier threads (one per core), so Jetty's platform threads (accepting, parsing, the front's own answers)
 * keep their share of the CPU. On older JDKs handlers run on platform threads: the server thread that read the
 * request when a turn is free (which saves a hand-off), else a cached pool that never holds more than
 * {@code threads}. The offering server thread never drains the queue itself: it must return to the server, which
 * cannot read the next request of that thread's connection until it does (under steady load the queue never
 * empties, and that connection's next request would wait forever).
 */
public final class Workers implements AutoCloseable {

    private final int threads;
    private final int queueCapacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Deque<Runnable> queue = new ArrayDeque<>();
    /** Runs waiting handlers; at most {@code threads} at once, since each holds a turn. */
    private final ExecutorService pool;
    /** Whether {@link #pool} starts virtual threads. */
    private final boolean virtual;

    private int running;
    private boolean closed;

    /**
     * Handlers on virtual threads when the JDK has them, else on platform threads.
     *
     * @param threads how many handlers run at once
     * @param queueCapacity how many requests may wait for a turn
     */
    public Workers(int threads, int queueCapacity) {
        this.threads = threads;
        this.queueCapacity = queueCapacity;
        // Jetty's own bridge to Thread.ofVirtual() (reached reflectively): null on a JDK without virtual threads
        Executor virtualThreads = VirtualThreads.getNamedVirtualThreadsExecutor("quarry-mock-server-handler");
        if (virtualThreads instanceof ExecutorService service) {
            this.pool = service;
            this.virtual = true;
        } else {
            this.pool = Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, "quarry-mock-server-worker");
                thread.setDaemon(true);
                return thread;
            });
            this.virtual = false;
        }
    }

    /** {@return whether this JDK has virtual threads (21 and newer): handlers then run on them} */
    public static boolean virtualThreadsAvailable() {
        return VirtualThreads.areSupported();
    }

    /**
     * {@return whether it was taken (false: the queue is full or the server is stopping)}
     *
     * @param task a handler run
     */
    boolean offer(Runnable task) {
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            if (running >= threads) {
                if (queue.size() >= queueCapacity) {
                    return false;
                }
                queue.addLast(task);
                return true;
            }
            running++;
        } finally {
            lock.unlock();
        }
        if (virtual) {
            handOff(task);
        } else {
            runFrom(task);
        }
        return true;
    }

    /** Runs a task, then hands its turn to the next waiting task (on a pool thread), or gives the turn back. */
    private void runFrom(Runnable task) {
        try {
            task.run();
        } catch (Throwable failure) {
            // each task answers its own failures; nothing here may stop the queue
        }
        Runnable next;
        lock.lock();
        try {
            next = closed ? null : queue.pollFirst();
            if (next == null) {
                running--;
                return;
            }
        } finally {
            lock.unlock();
        }
        handOff(next);
    }

    /** Runs a task that holds a turn on a pool thread, or gives the turn back if the pool is stopping. */
    private void handOff(Runnable task) {
        try {
            pool.execute(() -> runFrom(task));
        } catch (RejectedExecutionException stopped) {
            lock.lock();
            try {
                running--;
            } finally {
                lock.unlock();
            }
        }
    }

    /** {@return how many handlers may run at once} */
    int threads() {
        return threads;
    }

    /** {@return how many requests may wait for a turn} */
    int queueCapacity() {
        return queueCapacity;
    }

    /** {@return whether handlers run on virtual threads} */
    boolean virtual() {
        return virtual;
    }

    /** {@return how many handlers are running} */
    int busy() {
        lock.lock();
        try {
            return running;
        } finally {
            lock.unlock();
        }
    }

    /** {@return how many requests wait for a turn} */
    int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** {@return whether every virtual handler thread has ended after {@link #close()}; true on platform ones} */
    public boolean terminated() {
        return !virtual || pool.isTerminated();
    }

    /**
     * Refuses new work and drops what waits. Platform handler threads end with their handlers; virtual handler
     * threads are interrupted, and given up to a second to end.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            queue.clear();
        } finally {
            lock.unlock();
        }
        if (!virtual) {
            pool.shutdown();
            return;
        }
        pool.shutdownNow();
        try {
            pool.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
