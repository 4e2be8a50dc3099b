package io.quarry.core.internal;

import java.lang.ref.WeakReference;
import java.util.Iterator;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import okhttp3.Call;

/**
 * Ends the tries that run past their overall time limit: one daemon thread for the whole JVM looks through the
 * calls in flight of every client, wakes at the earliest limit it knows of (at least once a second while calls
 * run) and cancels a try whose limit passed, marking its tag so that the failure reads as the limit reached.
 *
 * <p>Why not OkHttp's call timeout: that is an okio {@code AsyncTimeout}, entered and exited under one lock shared
 * by every socket read and write of the JVM; with many calls in flight on few cores the threads queue on it. Here a
 * try costs two volatile writes and a read, and the thread is woken only when a try's limit comes before its next
 * planned wake.
 */
final class AttemptLimits {

    /** The longest the watcher sleeps while calls are in flight, so that a new try's limit is seen in time. */
    private static final long MAX_SLEEP_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** The watcher ends after this long with no call in flight (a new call starts it again). */
    private static final long IDLE_EXIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    /**
     * The in-flight maps of the clients not closed, held weakly: a client dropped without {@code close()} is
     * forgotten once collected (its entry is removed when the watcher next looks). Compared by identity (two empty
     * maps are equal).
     */
    private static final Queue<WeakReference<Map<Call, AttemptTag>>> WATCHED = new ConcurrentLinkedQueue<>();

    private static final AtomicBoolean RUNNING = new AtomicBoolean();
    private static volatile Thread watcher;
    /**
     * When the watcher will next look, in {@link System#nanoTime()} terms; a try ending sooner wakes it.
     * {@link Long#MIN_VALUE} while it looks (or before it first does): then every try that starts wakes it.
     */
    private static volatile long nextLook = Long.MIN_VALUE;

    private AttemptLimits() {}

    /**
     * Watches a client's calls in flight until {@link #forget} (each call's tag says its limit).
     *
     * @param inFlight the client's calls in flight and their tags
     */
    static void watch(Map<Call, AttemptTag> inFlight) {
        WATCHED.add(new WeakReference<>(inFlight));
    }

    /**
     * Stops watching a closed client's calls.
     *
     * @param inFlight the map given to {@link #watch}
     */
    static void forget(Map<Call, AttemptTag> inFlight) {
        WATCHED.removeIf(watched -> {
            Map<Call, AttemptTag> map = watched.get();
            return map == null || map == inFlight;
        });
    }

    /**
     * Told when a try starts with its limit: starts the watcher if needed, and wakes it if this limit comes before
     * its next look.
     *
     * @param deadline the try's limit, in {@link System#nanoTime()} terms
     */
    static void started(long deadline) {
        if (!RUNNING.get() && RUNNING.compareAndSet(false, true)) {
            Thread thread = new Thread(AttemptLimits::run, "quarry-attempt-limits");
            thread.setDaemon(true);
            watcher = thread;
            thread.start();
            return;
        }
        long next = nextLook;
        if (next == Long.MIN_VALUE || deadline - next < 0) {
            Thread thread = watcher;
            if (thread != null) {
                LockSupport.unpark(thread);
            }
        }
    }

    private static void run() {
        long idleSince = System.nanoTime();
        while (true) {
            // while looking, every try that starts wakes the thread again, so none is missed by this look
            nextLook = Long.MIN_VALUE;
            long now = System.nanoTime();
            long earliest = now + MAX_SLEEP_NANOS;
            boolean any = false;
            for (Iterator<WeakReference<Map<Call, AttemptTag>>> it = WATCHED.iterator(); it.hasNext(); ) {
                Map<Call, AttemptTag> inFlight = it.next().get();
                if (inFlight == null) {
                    it.remove(); // its client was collected without being closed
                    continue;
                }
                for (Map.Entry<Call, AttemptTag> entry : inFlight.entrySet()) {
                    any = true;
                    AttemptTag tag = entry.getValue();
                    long deadline = tag.deadline();
                    if (deadline == AttemptTag.NOT_STARTED || tag.limitReached()) {
                        continue;
                    }
                    if (deadline - now <= 0) {
                        tag.markLimitReached();
                        entry.getKey().cancel();
                    } else if (deadline - earliest < 0) {
                        earliest = deadline;
                    }
                }
            }
            if (any) {
                idleSince = now;
            } else if (now - idleSince > IDLE_EXIT_NANOS) {
                RUNNING.set(false);
                // a try may have started between the look and the flag: keep watching if one did
                if (!anyInFlight() || !RUNNING.compareAndSet(false, true)) {
                    return;
                }
                watcher = Thread.currentThread();
                continue;
            }
            nextLook = earliest;
            // a try starting after this look and ending before 'earliest' unparks this thread
            LockSupport.parkNanos(AttemptLimits.class, Math.max(1, earliest - System.nanoTime()));
        }
    }

    /** {@return how many clients are watched whose maps are not yet collected (for tests)} */
    static int watchedClients() {
        int live = 0;
        for (WeakReference<Map<Call, AttemptTag>> watched : WATCHED) {
            if (watched.get() != null) {
                live++;
            }
        }
        return live;
    }

    private static boolean anyInFlight() {
        for (WeakReference<Map<Call, AttemptTag>> watched : WATCHED) {
            Map<Call, AttemptTag> inFlight = watched.get();
            if (inFlight != null && !inFlight.isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
