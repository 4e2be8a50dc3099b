package io.quarry.mockserver.internal.http.wire;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The threads of a server's open connections, one each: virtual threads where the JDK has them (21 and newer), so an
 * idle or stalled connection costs a few kilobytes, else platform threads. At most {@code maxConnections} are open at
 * once; the server answers past it with 503, never holding more threads than that.
 */
public final class ConnectionThreads {

    private static final String NAME = "quarry-mock-server-connection";

    private final int maxConnections;
    private final ThreadFactory factory;
    private final boolean virtual;
    private final AtomicInteger running = new AtomicInteger();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition none = lock.newCondition();
    private volatile boolean closed;

    /** @param maxConnections how many connections may be open at once */
    public ConnectionThreads(int maxConnections) {
        this.maxConnections = maxConnections;
        ThreadFactory virtualThreads = VirtualThreads.factory(NAME);
        this.virtual = virtualThreads != null;
        this.factory = virtual
                ? virtualThreads
                : task -> {
                    Thread thread = new Thread(task, NAME);
                    thread.setDaemon(true);
                    return thread;
                };
    }

    /** {@return whether connections are served on virtual threads} */
    public boolean virtual() {
        return virtual;
    }

    /** {@return how many connections may be open at once} */
    public int maxConnections() {
        return maxConnections;
    }

    /**
     * {@return whether the connection got a thread (false: too many are open, or the server is stopping)}
     *
     * @param connection what the thread runs; it calls {@link #ended()} as it ends
     */
    boolean start(Runnable connection) {
        if (closed || running.incrementAndGet() > maxConnections) {
            running.decrementAndGet();
            return false;
        }
        try {
            factory.newThread(connection).start();
            return true;
        } catch (RuntimeException | OutOfMemoryError e) {
            running.decrementAndGet();
            return false;
        }
    }

    void ended() {
        if (running.decrementAndGet() == 0) {
            lock.lock();
            try {
                none.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /** {@return how many connection threads run} */
    public int running() {
        return running.get();
    }

    /** Starts no more threads; those running end as their connections are closed. */
    public void close() {
        closed = true;
    }

    /**
     * Waits until every connection thread has ended, once their connections are closed.
     *
     * @param millis the longest to wait
     * @return whether they all ended
     */
    public boolean awaitEnded(long millis) {
        long left = TimeUnit.MILLISECONDS.toNanos(millis);
        lock.lock();
        try {
            while (running.get() > 0 && left > 0) {
                left = none.awaitNanos(left);
            }
            return running.get() == 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }
}
