package io.quarry.mockserver.internal.http;

import java.util.concurrent.atomic.AtomicLong;

/** The body bytes held across every request in flight, bounded so many large uploads cannot exhaust the heap. */
final class BodyBudget {

    private final long capacity;
    private final AtomicLong used = new AtomicLong();

    BodyBudget(long capacity) {
        this.capacity = capacity;
    }

    /** {@return whether {@code bytes} more could be taken (and were)} */
    boolean reserve(long bytes) {
        while (true) {
            long now = used.get();
            if (now + bytes > capacity) {
                return false;
            }
            if (used.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    /** {@return the bytes held now} */
    long used() {
        return used.get();
    }
}
