package io.quarry.search.internal;

import io.quarry.search.ChunkAcknowledged;
import io.quarry.search.ChunkFailed;
import io.quarry.search.ChunkListener;
import io.quarry.search.ChunkSent;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listener side of an {@link IngestQueue}: a {@link ChunkListener} its {@link ChunkEvents} calls under the
 * queue's lock, which only queues each call (so a slow listener never holds the lock), and a thread of the
 * ingester's own that makes the calls one at a time, in the order queued. Failed chunks are logged here too, when
 * there is no listener or when the listener throws on one, so a slow log sink holds no lock either.
 *
 * <p>The thread is started when there is work and ends after {@link #IDLE_SECONDS} without; it is a daemon, so an
 * ingester left open never keeps the JVM alive. Once the ingester is closed and every chunk told, {@link #retire()}
 * ends it at once, so closing many ingesters leaves no thread behind. Calls wait in memory while the listener is
 * busy, a bounded number: once {@code capacity} events wait ({@link #behind()}), the queue's producers wait for the
 * listener, and each time the backlog falls back below it the queue is told ({@code roomMade}), outside any call of
 * the listener.
 */
final class ListenerQueue implements ChunkListener {

    /** The queue's logger: a failed chunk is logged under the same name as before the calls moved here. */
    private static final Logger LOG = LoggerFactory.getLogger(IngestQueue.class);

    /** How many objectIDs of a failed chunk a log line names. */
    private static final int LOGGED_IDS = 10;

    private static final int IDLE_SECONDS = 30;

    /** The thread making the calls, which knows whose it is. */
    private static final class CallingThread extends Thread {
        final ListenerQueue owner;

        CallingThread(ListenerQueue owner, Runnable work) {
            super(work, "Quarry listener of " + owner.name);
            this.owner = owner;
            setDaemon(true);
        }
    }

    private final String name;
    private final ChunkListener listener;
    private final int capacity;
    private final Runnable roomMade;
    /** Events queued and not yet told (the one being told included). */
    private final AtomicInteger backlog = new AtomicInteger();
    /** At most one thread, no core thread: calls run one at a time, first queued first. */
    private final ThreadPoolExecutor thread;
    /** The last thread the pool made: the pool's termination comes just before that thread ends, not after. */
    private final AtomicReference<Thread> lastThread = new AtomicReference<>();

    /**
     * @param name     what the ingester writes to, for log lines: {@code ingester of index products}
     * @param listener the caller's listener, or null
     * @param capacity how many events may wait before the listener is {@link #behind()}
     * @param roomMade run on the listener's thread when the backlog falls below {@code capacity}
     */
    ListenerQueue(String name, ChunkListener listener, int capacity, Runnable roomMade) {
        this.name = name;
        this.listener = listener;
        this.capacity = capacity;
        this.roomMade = roomMade;
        this.thread =
                new ThreadPoolExecutor(0, 1, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), work -> {
                    Thread calling = new CallingThread(this, work);
                    lastThread.set(calling);
                    return calling;
                });
    }

    @Override
    public void sent(ChunkSent chunk) {
        if (listener != null) {
            tell(() -> {
                try {
                    listener.sent(chunk);
                } catch (RuntimeException | Error e) {
                    LOG.warn("the listener of {} failed when chunk {} was sent", name, chunk.index(), e);
                }
            });
        }
    }

    @Override
    public void acknowledged(ChunkAcknowledged chunk) {
        if (listener != null) {
            tell(() -> {
                try {
                    listener.acknowledged(chunk);
                } catch (RuntimeException | Error e) {
                    LOG.warn("the listener of {} failed on acknowledged chunk {}", name, chunk.index(), e);
                }
            });
        }
    }

    @Override
    public void failed(ChunkFailed chunk) {
        tell(() -> {
            if (listener == null) {
                logFailure(chunk);
                return;
            }
            try {
                listener.failed(chunk);
            } catch (RuntimeException | Error e) {
                // the chunk's own failure first: the listener's must not hide it
                logFailure(chunk);
                LOG.warn("the listener of {} failed on failed chunk {}", name, chunk.index(), e);
            }
        });
    }

    /**
     * Runs an action once every call queued so far has been made.
     *
     * @param action what to run; it must not throw
     */
    void then(Runnable action) {
        run(action);
    }

    /**
     * Ends the thread once the calls queued so far have been made, and waits for it: the ingester is closed and
     * every chunk told, so no event can follow. An action queued later (a flush after close) runs on the caller.
     *
     * @throws InterruptedException when the waiting thread is interrupted; the thread still ends
     */
    void retire() throws InterruptedException {
        thread.shutdown();
        thread.awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        // a pool is terminated by its last thread on its way out, so that thread may still be alive: wait for it
        Thread last = lastThread.get();
        if (last != null) {
            last.join();
        }
    }

    /**
     * Lets the thread end once the calls queued so far have been made, without waiting for it (for a close whose wait
     * was interrupted, once every chunk was told; possibly on the thread itself). Later calls run on their caller, as
     * after {@link #retire()}.
     */
    void retireLater() {
        thread.shutdown();
    }

    /**
     * Whether the listener is {@code capacity} events behind, for a thread other than its own: the listener's own
     * thread, handing records in from a call, is never held back, as it alone could catch up.
     *
     * @return true when a producer should wait for {@code roomMade}
     */
    boolean behind() {
        return backlog.get() >= capacity && !isCallingThread();
    }

    /** {@return how many events wait for the listener, the one being told included} */
    int backlog() {
        return backlog.get();
    }

    /** Queues an event's call, counted in the backlog until it has run. */
    private void tell(Runnable call) {
        backlog.incrementAndGet();
        run(() -> {
            try {
                call.run();
            } finally {
                if (backlog.decrementAndGet() == capacity - 1) {
                    roomMade.run();
                }
            }
        });
    }

    /** Queues a call; once {@link #retire() retired}, nothing is left to wait for, so it runs on the caller. */
    private void run(Runnable call) {
        try {
            thread.execute(call);
        } catch (RejectedExecutionException retired) {
            call.run();
        }
    }

    /** {@return whether the calling thread is the one making this queue's calls} */
    boolean isCallingThread() {
        return Thread.currentThread() instanceof CallingThread calling && calling.owner == this;
    }

    private void logFailure(ChunkFailed chunk) {
        List<String> ids = chunk.objectIDs();
        int size = ids.size();
        LOG.warn(
                "{}: chunk {} ({} records from record {}) failed after the client's retries and may or may not be"
                        + " applied; objectIDs {}{}: {}",
                name,
                chunk.index(),
                size,
                chunk.firstRecord(),
                ids.subList(0, Math.min(LOGGED_IDS, size)),
                size > LOGGED_IDS ? " and " + (size - LOGGED_IDS) + " more" : "",
                chunk.error().toString());
    }
}
