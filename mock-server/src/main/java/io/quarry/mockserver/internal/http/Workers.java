package io.quarry.mockserver.internal.http;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * How many handlers run at once, with a bounded queue in front. A handler runs on the thread that offers it (a
 * server thread that has just read the request) when fewer than {@code threads} run, which saves a hand-off per
 * request; otherwise it waits in the queue, and when a handler finishes, the next waiting one is handed to a
 * thread of this pool with the freed turn. The offering server thread never drains the queue itself: it must
 * return to the server, which cannot read the next request of that thread's connection until it does (under
 * steady load the queue never empties, and that connection's next request would wait forever). A request that
 * finds the queue full is refused (answered 503 at once: true overload), never parked without bound.
 */
public final class Workers implements AutoCloseable {

    private final int threads;
    private final int queueCapacity;
    private final Deque<Runnable> queue = new ArrayDeque<>();
    /** Runs waiting handlers; at most {@code threads} at once, since each holds a turn. */
    private final ExecutorService pool = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "quarry-mock-server-worker");
        thread.setDaemon(true);
        return thread;
    });

    private int running;
    private boolean closed;

    /**
     * @param threads how many handlers run at once
     * @param queueCapacity how many requests may wait for a turn
     */
    public Workers(int threads, int queueCapacity) {
        this.threads = threads;
        this.queueCapacity = queueCapacity;
    }

    /**
     * {@return whether it was taken (false: the queue is full or the server is stopping)}
     *
     * @param task a handler run
     */
    boolean offer(Runnable task) {
        synchronized (this) {
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
        }
        runFrom(task);
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
        synchronized (this) {
            next = closed ? null : queue.pollFirst();
            if (next == null) {
                running--;
                return;
            }
        }
        try {
            pool.execute(() -> runFrom(next));
        } catch (RejectedExecutionException stopped) {
            synchronized (this) {
                running--;
            }
        }
    }

    /** {@return how many requests may wait for a turn} */
    int queueCapacity() {
        return queueCapacity;
    }

    /** {@return how many handlers are running} */
    synchronized int busy() {
        return running;
    }

    /** {@return how many requests wait for a turn} */
    synchronized int queued() {
        return queue.size();
    }

    /** Refuses new work and drops what waits; running handlers end with their server threads. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            queue.clear();
        }
        pool.shutdown();
    }
}
