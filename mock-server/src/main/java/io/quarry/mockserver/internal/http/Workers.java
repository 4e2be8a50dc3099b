package io.quarry.mockserver.internal.http;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * How many handlers run at once, with a bounded queue in front. A handler runs on the thread that offers it (a
 * server thread that has just read the request) when fewer than {@code threads} run, which saves a hand-off per
 * request; otherwise it waits in the queue and runs on the thread of a handler that finishes. A request that finds
 * the queue full is refused (answered 503 at once: true overload), never parked without bound.
 */
public final class Workers implements AutoCloseable {

    private final int threads;
    private final int queueCapacity;
    private final Deque<Runnable> queue = new ArrayDeque<>();
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
     * @param task a handler run
     * @return whether it was taken (false: the queue is full or the server is stopping)
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

    /** Runs a task, then whatever waits, until the queue is empty. */
    private void runFrom(Runnable task) {
        Runnable next = task;
        while (next != null) {
            try {
                next.run();
            } catch (Throwable failure) {
                // each task answers its own failures; nothing here may stop the queue
            }
            synchronized (this) {
                next = closed ? null : queue.pollFirst();
                if (next == null) {
                    running--;
                }
            }
        }
    }

    /** @return how many requests may wait for a turn */
    int queueCapacity() {
        return queueCapacity;
    }

    /** @return how many handlers are running */
    synchronized int busy() {
        return running;
    }

    /** @return how many requests wait for a turn */
    synchronized int queued() {
        return queue.size();
    }

    /** Refuses new work and drops what waits; running handlers end with their server threads. */
    @Override
    public synchronized void close() {
        closed = true;
        queue.clear();
    }
}
