package io.quarry.core.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
    /** The latest lookup of each name: one per host name the client resolves. */
    private final Map<String, Lookup> lookups = new ConcurrentHashMap<>();

    /**
     * @param delegate the resolver, such as {@link Dns#SYSTEM} or the caller's client's
     * @param bound    how long a call waits for a name's addresses
     */
    BoundedDns(Dns delegate, Duration bound) {
        this.delegate = delegate;
        this.boundNanos = Nanos.of(bound);
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
        long tryLeft = tryDeadline == AttemptTag.NOT_STARTED ? Long.MAX_VALUE : tryDeadline - System.nanoTime();
        long wait = Math.max(0, Math.min(boundNanos, tryLeft));
        // a lookup that ended is never reused: the next call asks the resolver (and the JDK's cache) again
        Lookup lookup = lookups.compute(hostname, (name, last) -> last == null || last.isDone() ? start(name) : last);
        if (tag != null) {
            tag.waitingFor(lookup);
        }
        try {
            List<InetAddress> addresses = lookup.await(wait, tag);
            if (addresses == null) {
                throw new UnknownHostException("no address for " + hostname + " within " + wait / 1_000_000 + " ms ("
                        + (wait < boundNanos ? "the time the try had left" : "the connect timeout") + ")");
            }
            return addresses;
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
        LOOKUPS.execute(() -> {
            try {
                lookup.done(delegate.lookup(hostname), null);
            } catch (Throwable e) {
                lookup.done(null, e);
            }
        });
        return lookup;
    }

    /**
     * One name's lookup, which the tries resolving it wait for on its monitor: its end wakes them all, and a try's
     * cancellation wakes it ({@link AttemptTag#cancelled}). A try that stops waiting leaves nothing behind, so a
     * lookup that never ends holds no more for each call that gave up on it.
     */
    static final class Lookup {
        private final String hostname;
        private boolean done;
        private List<InetAddress> addresses;
        private Throwable failure;

        Lookup(String hostname) {
            this.hostname = hostname;
        }

        synchronized boolean isDone() {
            return done;
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
         * The addresses, or null once {@code nanos} passed without them; waits no longer once the try is cancelled.
         */
        synchronized List<InetAddress> await(long nanos, AttemptTag tag)
                throws UnknownHostException, InterruptedException {
            long start = System.nanoTime();
            while (!done) {
                if (tag != null && tag.isCancelled()) {
                    throw new UnknownHostException("the call was cancelled while looking up " + hostname);
                }
                long left = nanos - (System.nanoTime() - start); // overflow-safe for a wait "forever"
                if (left <= 0) {
                    return null;
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
    }
}
