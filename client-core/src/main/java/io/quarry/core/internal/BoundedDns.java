package io.quarry.core.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Dns;

/**
 * Name lookups bounded by the connect timeout, or by the time the try has left if that is shorter. OkHttp resolves a
 * host's name on the thread running the try (the caller's for a blocking call, a sender thread for an async one)
 * through a blocking call that neither its timeouts, nor the try's limit, nor a cancelled call end: a resolver that
 * does not answer (a DNS provider's outage, what the fallback hosts on another provider are for) held each call for
 * the resolver's own timeout, past the call's deadline. Here the lookup runs on a daemon thread and the call waits for
 * it as long as the connect timeout, or until the try's limit ({@code attemptTimeout}, or what is left of the call's
 * deadline) if it comes first; then the host fails as unresolved and the call moves on to the next one. A cancelled
 * try (its async future cancelled, the client closed) stops waiting at once ({@link AttemptTag#cancelled}). One
 * lookup per name runs at a time, the calls resolving it meanwhile waiting for that one; a lookup given up on still
 * ends on its thread, and the JDK caches its answer for the next call.
 *
 * <p>The connect timeout is meant for a resolver that does not answer, not for a thread that did not run: it counts
 * from when the lookup's thread asked the resolver (or from when the call began waiting, for a call that joins a
 * lookup already asked), so on a loaded machine the time before the thread is scheduled does not make a name the
 * resolver answers at once fail as unresolved. Only the try's limit and cancellation end a wait for a lookup that has
 * not started; a try with neither waits until it starts.
 *
 * <p>The lookup threads are shared by every client of the JVM and kept a minute after their last lookup, so a
 * lookup pays the hand-over to another thread and back, and the first lookup of a JVM (or the first after a minute
 * without one) also pays a thread's start. Each new connection to a name looks it up, a client's first call included.
 *
 * <p>The try is told by {@link AttemptTag#events}, which hears OkHttp's {@code dnsStart} on the same thread just
 * before the lookup ({@link #lookingUpFor}): a try on a pooled connection looks nothing up and pays nothing for it.
 */
final class BoundedDns implements Dns {

    private static final AtomicInteger THREADS = new AtomicInteger();

    /** The lookups of every client: a thread each while it runs, none kept a minute after. */
    private static final ExecutorService LOOKUPS =
            new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread thread = new Thread(r, "Quarry DNS lookup " + THREADS.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });

    /** The try whose lookup this thread is about to make: set by {@link #lookingUpFor}, taken by {@link #lookup}. */
    private static final ThreadLocal<AttemptTag> TRY = new ThreadLocal<>();

    private final Dns delegate;
    private final long boundNanos;
    private final Executor threads;
    /** The latest lookup of each name: one per host name the client resolves. */
    private final Map<String, Lookup> lookups = new ConcurrentHashMap<>();

    /**
     * @param delegate the resolver, such as {@link Dns#SYSTEM} or the caller's client's
     * @param bound    how long a call waits for a name's addresses once the resolver was asked
     */
    BoundedDns(Dns delegate, Duration bound) {
        this(delegate, bound, LOOKUPS);
    }

    /**
     * @param delegate the resolver
     * @param bound    how long a call waits for a name's addresses once the resolver was asked
     * @param threads  where the lookups run: the shared pool, or a test's, which may hold a lookup before it starts
     */
    BoundedDns(Dns delegate, Duration bound, Executor threads) {
        this.delegate = delegate;
        this.boundNanos = Nanos.of(bound);
        this.threads = threads;
    }

    /**
     * Tells the lookup this thread makes next which try it is for, so it waits no longer than the try may last, nor
     * once the try is cancelled.
     *
     * @param tag the try's tag
     */
    static void lookingUpFor(AttemptTag tag) {
        TRY.set(tag);
    }

    @Override
    public List<InetAddress> lookup(String hostname) throws UnknownHostException {
        AttemptTag tag = TRY.get();
        if (tag != null) {
            TRY.remove();
        }
        long tryDeadline = tag == null ? AttemptTag.NOT_STARTED : tag.deadline();
        // a lookup that ended is never reused: the next call asks the resolver (and the JDK's cache) again
        Lookup lookup = lookups.compute(hostname, (name, last) -> last == null || last.isDone() ? start(name) : last);
        if (tag != null) {
            tag.waitingFor(lookup);
        }
        try {
            return lookup.await(boundNanos, tryDeadline, tag);
        } catch (InterruptedException e) {
            // the interrupt stays set: the transport reads it as the caller giving up
            Thread.currentThread().interrupt();
            throw new UnknownHostException("interrupted while looking up " + hostname);
        } finally {
            if (tag != null) {
                tag.waitingFor(null);
            }
        }
    }

    private Lookup start(String hostname) {
        Lookup lookup = new Lookup(hostname);
        threads.execute(() -> {
            try {
                lookup.started();
                lookup.done(delegate.lookup(hostname), null);
            } catch (Throwable e) {
                lookup.done(null, e);
            }
        });
        return lookup;
    }

    /**
     * One name's lookup, which the tries resolving it wait for on its monitor: its start and its end wake them all, and
     * a try's cancellation wakes it ({@link AttemptTag#cancelled}). A try that stops waiting leaves nothing behind, so
     * a lookup that never ends holds no more for each call that gave up on it.
     */
    static final class Lookup {
        private final String hostname;
        private boolean started;
        /** When the resolver was asked ({@link System#nanoTime()} terms), once {@link #started}. */
        private long startedAt;

        private boolean done;
        private List<InetAddress> addresses;
        private Throwable failure;

        Lookup(String hostname) {
            this.hostname = hostname;
        }

        synchronized boolean isDone() {
            return done;
        }

        /** Marks the lookup's thread about to ask the resolver: the connect timeout of the tries waiting runs now. */
        synchronized void started() {
            started = true;
            startedAt = System.nanoTime();
            notifyAll();
        }

        synchronized void done(List<InetAddress> addresses, Throwable failure) {
            this.addresses = addresses;
            this.failure = failure;
            this.done = true;
            notifyAll();
        }

        /** Wakes the tries waiting, which look again whether they are still wanted. */
        synchronized void wakeWaiting() {
            notifyAll();
        }

        /**
         * The addresses, once the resolver gave them. Waits as long as {@code boundNanos} from when the resolver was
         * asked (or from now, if that was earlier), but never past the try's limit nor once the try is cancelled.
         *
         * @param boundNanos  the connect timeout
         * @param tryDeadline when the try's limit passes, or {@link AttemptTag#NOT_STARTED} for none
         * @param tag         the try, or null when the lookup was not made for one
         * @throws UnknownHostException when the resolver failed, or did not answer in time
         */
        synchronized List<InetAddress> await(long boundNanos, long tryDeadline, AttemptTag tag)
                throws UnknownHostException, InterruptedException {
            long arrived = System.nanoTime();
            long tryWait = tryDeadline == AttemptTag.NOT_STARTED ? Long.MAX_VALUE : Math.max(0, tryDeadline - arrived);
            while (!done) {
                if (tag != null && tag.isCancelled()) {
                    throw new UnknownHostException("the call was cancelled while looking up " + hostname);
                }
                long now = System.nanoTime();
                long left = tryWait - (now - arrived); // overflow-safe for a try without a limit
                if (left <= 0) {
                    throw unanswered(
                            tryWait,
                            started
                                    ? "the time the try had left"
                                    : "the time the try had left; the lookup had not started");
                }
                if (started) {
                    // a call joining a lookup already asked gives the resolver the whole timeout from its own start
                    long from = startedAt - arrived > 0 ? startedAt : arrived;
                    long boundLeft = boundNanos - (now - from);
                    if (boundLeft <= 0) {
                        throw unanswered(boundNanos, "the connect timeout");
                    }
                    left = Math.min(left, boundLeft);
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            if (failure == null) {
                return addresses;
            }
            // each waiting call gets an exception of its own, thrown on its own thread
            UnknownHostException e = new UnknownHostException(
                    failure instanceof UnknownHostException unknown
                            ? unknown.getMessage()
                            : "looking up " + hostname + " failed: " + failure);
            e.initCause(failure);
            throw e;
        }

        private UnknownHostException unanswered(long waitedNanos, String why) {
            return new UnknownHostException(
                    "no address for " + hostname + " within " + waitedNanos / 1_000_000 + " ms (" + why + ")");
        }
    }
}
