package io.quarry.mockserver.internal.http;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How many handlers run at once, with a bounded queue in front. A request that finds a free turn runs at once, on its
 * connection's thread; otherwise it waits in the queue, and when a handler finishes, the next waiting one is handed
 * to a thread of this pool with the freed turn. A request that finds the queue full is refused (answered 503 at once:
 * true overload), never parked without bound. The offering thread never drains the queue itself: its connection
 * waits for it; only when the system has no room for a pool thread does the thread whose handler finished run the next
 * one, so that a waiting request is still answered and its turn not lost. Every thread here is a platform thread, time-sliced by the OS, so CPU-heavy handlers cannot hold back
 * the threads that read requests and write answers.
 */
public final class Workers implements AutoCloseable {

    private final int threads;
    private final int queueCapacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Deque<Runnable> queue = new ArrayDeque<>();
    /** Runs waiting handlers; at most {@code threads} at once, since each holds a turn. */
    private final ExecutorService pool;

    private int running;
    private boolean closed;

    /**
     * @param threads how many handlers run at once
     * @param queueCapacity how many requests may wait for a turn
     */
    public Workers(int threads, int queueCapacity) {
        this(threads, queueCapacity, Thread::new);
    }

    /**
     * @param threads how many handlers run at once
     * @param queueCapacity how many requests may wait for a turn
     * @param factory makes the pool's threads (a test's may fail, as the system does when it has no room for one more)
     */
    Workers(int threads, int queueCapacity, ThreadFactory factory) {
        this.threads = threads;
        this.queueCapacity = queueCapacity;
        this.pool = Executors.newCachedThreadPool(task -> {
            Thread thread = factory.newThread(task);
            thread.setName("quarry-mock-server-worker");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** {@return whether this JDK has virtual threads (21 and newer), which sets the default number of turns} */
    public static boolean virtualThreadsAvailable() {
        return Runtime.version().feature() >= 21;
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
        runFrom(task);
        return true;
    }

    /**
     * Runs a task, then hands its turn to the next waiting task (on a pool thread, else on this one), or gives the
     * turn back.
     */
    private void runFrom(Runnable first) {
        Runnable task = first;
        while (task != null) {
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
            task = handOff(next) ? null : next;
        }
    }

    /**
     * {@return whether the task that holds a turn went to a pool thread, or gave the turn back as the pool stops
     *     (false: no thread could be started, so the caller runs it: the queue must not stall with a turn held)}
     */
    private boolean handOff(Runnable task) {
        try {
            pool.execute(() -> runFrom(task));
            return true;
        } catch (RejectedExecutionException stopped) {
            lock.lock();
            try {
                running--;
            } finally {
                lock.unlock();
            }
            return true;
        } catch (OutOfMemoryError noThread) {
            return false;
        }
    }

    /** {@return how many handlers may run at once} */
    public int threads() {
        return threads;
    }

    /** {@return how many requests may wait for a turn} */
    public int queueCapacity() {
        return queueCapacity;
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

    /** {@return whether every handler thread has ended after {@link #close()}} */
    public boolean terminated() {
        return pool.isTerminated();
    }

    /** Refuses new work and drops what waits; running handlers are interrupted, and given up to a second to end. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            queue.clear();
        } finally {
            lock.unlock();
        }
        pool.shutdownNow();
        try {
            pool.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
