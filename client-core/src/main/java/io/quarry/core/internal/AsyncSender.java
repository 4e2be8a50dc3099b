package io.quarry.core.internal;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the tries of asynchronous calls, each a blocking exchange, on a client's own threads: at most a set number
 * at once, the others waiting in order of arrival.
 *
 * <p>Why not OkHttp's {@code enqueue}: its dispatcher renames the thread for every call (two system calls and the
 * call's URL built as a string) and takes its lock three times per call; with the same exchange run here the
 * process spends about 3% less CPU per search. Threads are made when none is idle and end after a minute without
 * work; they are daemons, so a client left open never keeps the JVM alive. A thread that finishes a try takes
 * the next waiting one itself, sparing a hand-over.
 */
final class AsyncSender {

    private static final AtomicInteger SENDERS = new AtomicInteger();

    private final int maxRunning;
    private final AtomicInteger running = new AtomicInteger();
    private final Queue<Runnable> waiting = new ConcurrentLinkedQueue<>();
    private final ExecutorService threads;

    /** @param maxRunning how many tries may run at once */
    AsyncSender(int maxRunning) {
        this.maxRunning = maxRunning;
        String prefix = "Quarry async " + SENDERS.incrementAndGet() + "-";
        AtomicInteger count = new AtomicInteger();
        this.threads =
                new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                    Thread thread = new Thread(r, prefix + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /**
     * Runs a try as soon as fewer than the maximum run. Once {@link #close closed}, a try runs on the calling
     * thread instead (the transport has cancelled its call by then, so it fails at once).
     *
     * @param attempt the try, which reports its own outcome and never throws
     */
    void send(Runnable attempt) {
        waiting.add(attempt);
        startWaiting();
    }

    /** Lets the threads end once their tries are done. */
    void close() {
        threads.shutdown();
    }

    /** {@return how many tries run now (for tests)} */
    int running() {
        return running.get();
    }

    /** {@return how many tries wait for a thread now (for tests)} */
    int waiting() {
        return waiting.size();
    }

    private void startWaiting() {
        // the counter is raised before taking a try, and a finishing thread lowers it before looking at the queue:
        // whichever of a sender and a finisher comes second sees the other's change, so no try is left waiting
        while (!waiting.isEmpty()) {
            int now = running.get();
            if (now >= maxRunning) {
                return;
            }
            if (!running.compareAndSet(now, now + 1)) {
                continue;
            }
            Runnable attempt = waiting.poll();
            if (attempt == null) {
                running.decrementAndGet(); // another thread took it
                continue;
            }
            try {
                threads.execute(() -> runThenTakeNext(attempt));
            } catch (RejectedExecutionException closed) {
                running.decrementAndGet();
                attempt.run();
            }
        }
    }

    private void runThenTakeNext(Runnable first) {
        try {
            Runnable attempt = first;
            while (attempt != null) {
                attempt.run();
                attempt = waiting.poll();
            }
        } finally {
            running.decrementAndGet();
            startWaiting(); // even after an Error, the tries behind this one still run
        }
    }
}
