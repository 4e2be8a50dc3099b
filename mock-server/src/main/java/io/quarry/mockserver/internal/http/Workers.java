package io.quarry.mockserver.internal.http;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run handlers: a fixed number, with a bounded queue in front. A request that finds the queue
 * full is answered 503 at once (true overload), never parked without bound.
 */
public final class Workers implements AutoCloseable {

    private final ThreadPoolExecutor executor;
    private final int queueCapacity;

    /**
     * @param threads how many handlers run at once
     * @param queueCapacity how many requests may wait for a thread
     */
    public Workers(int threads, int queueCapacity) {
        this.queueCapacity = queueCapacity;
        AtomicInteger count = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(
                threads, threads, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queueCapacity), task -> {
                    Thread thread = new Thread(task, "quarry-mock-server-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
    }

    /**
     * @param task a handler run
     * @return whether it was taken (false: the queue is full or the server is stopping)
     */
    boolean offer(Runnable task) {
        try {
            executor.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** @return how many requests may wait for a thread */
    int queueCapacity() {
        return queueCapacity;
    }

    /** @return how many handlers are running */
    int busy() {
        return executor.getActiveCount();
    }

    /** @return how many requests wait for a thread */
    int queued() {
        return executor.getQueue().size();
    }

    /** @return whether every worker thread has ended */
    public boolean terminated() {
        return executor.isTerminated();
    }

    /** Interrupts running handlers and stops every thread; waits up to a second for them. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
