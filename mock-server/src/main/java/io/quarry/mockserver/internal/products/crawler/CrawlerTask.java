package io.quarry.mockserver.internal.products.crawler;

import java.util.UUID;

/**
 * One task of a crawler: pending until its work ends. A reindex whose safety check fails becomes the crawler's
 * blocking task and stays pending until it is cancelled.
 */
final class CrawlerTask {

    private final String id = UUID.randomUUID().toString();
    private final String type;
    private volatile boolean pending;
    private volatile boolean blocking;
    private volatile boolean cancelled;

    /**
     * @param type what it does (reindex, urls, configuration, run, pause)
     * @param pending whether work remains
     */
    CrawlerTask(String type, boolean pending) {
        this.type = type;
        this.pending = pending;
    }

    String id() {
        return id;
    }

    String type() {
        return type;
    }

    boolean pending() {
        return pending;
    }

    boolean blocking() {
        return blocking;
    }

    /** {@return whether the task was stopped (a restarted reindex, a reset, a cancelled blocking task)} */
    boolean cancelled() {
        return cancelled;
    }

    void finish() {
        pending = false;
    }

    void block() {
        blocking = true;
    }

    void cancel() {
        cancelled = true;
        blocking = false;
        pending = false;
    }
}
