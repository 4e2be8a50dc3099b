package io.quarry.mockserver.internal.http;

import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Keeps a reset apart from the requests it would otherwise cut through: requests pass the gate together, a reset
 * alone, once those in flight have been answered (new ones wait for it). So a request is wholly before a reset,
 * which erases it, or wholly after it, never a batch of several indices half erased or a write landing in a state
 * half cleared.
 */
public final class ResetGate {

    // not fair, but a waiting reset still holds back new requests, so steady traffic never starves it
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    /**
     * {@return what the request's work answers, run alongside other requests and never during a reset}
     *
     * @param work a request's handler and what records its answer
     * @param <T> what it answers
     */
    public <T> T request(Supplier<T> work) {
        lock.readLock().lock();
        try {
            return work.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Runs a reset alone: after the requests in flight, before those that come meanwhile.
     *
     * @param reset the reset
     * @throws IllegalStateException when a request's own handler asks for it (it would wait for itself)
     */
    public void reset(Runnable reset) {
        if (lock.getReadHoldCount() > 0) {
            throw new IllegalStateException("a reset cannot run within a request that passed the gate");
        }
        lock.writeLock().lock();
        try {
            reset.run();
        } finally {
            lock.writeLock().unlock();
        }
    }
}
