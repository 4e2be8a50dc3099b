package io.quarry.mockserver.internal.state;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stops the first write that passes one {@link Interleaving.Point} for one index, until the test releases it; every
 * other write passes. Closing it releases the write and stops nothing more, so a failed test leaves no request held.
 */
final class StoppedWrite implements Interleaving, AutoCloseable {

    private final Application app;
    private final Point point;
    private final String indexName;
    private final AtomicBoolean taken = new AtomicBoolean();
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    private StoppedWrite(Application app, Point point, String indexName) {
        this.app = app;
        this.point = point;
        this.indexName = indexName;
    }

    /**
     * {@return the stop, set on the application}
     *
     * @param app the application whose writes are watched
     * @param point where to stop
     * @param indexName the index the point must concern
     */
    static StoppedWrite at(Application app, Point point, String indexName) {
        StoppedWrite stop = new StoppedWrite(app, point, indexName);
        app.interleaving(stop);
        return stop;
    }

    @Override
    public void reached(Point reachedPoint, String reachedIndex) {
        if (reachedPoint == point && reachedIndex.equals(indexName) && taken.compareAndSet(false, true)) {
            reached.countDown();
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits until a write stands stopped at the point; later writes pass it freely. */
    void awaitStopped() throws InterruptedException {
        if (!reached.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("waited 30 s for a write to reach " + point + " of " + indexName);
        }
        app.interleaving(NONE);
    }

    /** Lets the stopped write go on. */
    void release() {
        released.countDown();
    }

    @Override
    public void close() {
        app.interleaving(NONE);
        release();
    }
}
