package io.quarry.mockserver.internal.http.wire;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The threads of a server's open connections, one platform thread each, which also runs its requests' handlers. At
 * most as many as its {@link ConnectionLimit} admits are open at once; the server answers past it with 503, never
 * holding more threads than that.
 *
 * <p>Platform threads, not virtual ones, also where the JDK has them: a request then wakes one thread, where a virtual
 * thread blocked in a read is woken by the JDK's poller and then needs a carrier thread, and a CPU-heavy handler on a
 * virtual thread would keep its carrier from every other connection. Measured with {@code front.FrontThroughput} on
 * JDK 25 (2 cores, 4 paired rounds): searches per second from 1 client 1,270 to 1,761 on platform threads against 460
 * to 1,015 on virtual threads handing handlers to platform ones, from 8 clients 3,162 to 4,318 against 2,459 to 3,121.
 */
public final class ConnectionThreads {

    private static final String NAME = "quarry-mock-server-connection";

    /**
     * Connections past the limit answered 503 at once; past this many more are closed unanswered. Each has a
     * deadline ({@link WireDeadlines#refusalMillis()}), so slow clients cannot hold these threads for long.
     */
    private static final int MAX_REFUSALS = 16;

    private final ConnectionLimit limit;
    private final ThreadFactory factory;
    private final AtomicInteger running = new AtomicInteger();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition none = lock.newCondition();
    private final ThreadPoolExecutor refusals;
    private volatile boolean closed;

    /** @param maxConnections how many connections may be open at once */
    public ConnectionThreads(int maxConnections) {
        this(ConnectionLimit.of(maxConnections));
    }

    /** @param limit how many connections may be open at once */
    public ConnectionThreads(ConnectionLimit limit) {
        this(limit, Thread::new);
    }

    /**
     * @param limit how many connections may be open at once
     * @param factory makes the threads (a test's may fail, as the system does when it has no room for one more)
     */
    ConnectionThreads(ConnectionLimit limit, ThreadFactory factory) {
        this.limit = limit;
        this.factory = factory;
        this.refusals = new ThreadPoolExecutor(
                0, MAX_REFUSALS, 5, TimeUnit.SECONDS, new SynchronousQueue<>(), task -> named(task, NAME + "-refusal"));
    }

    private Thread named(Runnable task, String name) {
        Thread thread = factory.newThread(task);
        thread.setName(name);
        thread.setDaemon(true);
        return thread;
    }

    /** {@return how many connections may be open at once} */
    public int maxConnections() {
        return limit.most();
    }

    /**
     * {@return whether the connection got a thread (false: too many are open, or the server is stopping)}
     *
     * @param connection what the thread runs; it calls {@link #ended()} as it ends
     */
    boolean start(Runnable connection) {
        if (closed) {
            return false;
        }
        if (!limit.admits(running.incrementAndGet())) {
            running.decrementAndGet();
            return false;
        }
        try {
            named(connection, NAME).start();
            return true;
        } catch (RuntimeException | OutOfMemoryError e) {
            running.decrementAndGet();
            return false;
        }
    }

    /**
     * {@return whether the refusal of a connection past the limit got a thread (false: too many are being refused, or
     *     the system had no room for a thread)}
     *
     * @param refusal answers the connection 503 and closes it
     */
    boolean refuse(Runnable refusal) {
        try {
            refusals.execute(refusal);
            return true;
        } catch (RejectedExecutionException | OutOfMemoryError e) {
            // the pool rethrows a failed thread start: it must not end the accepting thread, which asks here
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

    /** {@return whether it was closed: it starts no more threads} */
    boolean closed() {
        return closed;
    }

    /** Starts no more threads; those running end as their connections are closed. */
    public void close() {
        closed = true;
        refusals.shutdown();
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
