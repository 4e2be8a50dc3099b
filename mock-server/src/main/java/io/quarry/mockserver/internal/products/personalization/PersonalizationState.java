package io.quarry.mockserver.internal.products.personalization;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the personalization product holds: the strategy (none until one is set) and, per deleted user, the time
 * before which that user's events no longer count. The deletions kept are bounded in count and in bytes, the bytes
 * sized to the heap, the oldest forgotten first: 200,000 of them took about 32 MB, half of a 64 MB heap. A deletion
 * forgotten only lets count again an event received later and timestamped before it. Thread-safe.
 */
final class PersonalizationState {

    /** Bounds the deletions kept, whatever the heap. */
    static final int MAX_DELETIONS = 200_000;

    /** An estimate of the heap one deletion holds besides its token's characters: its entry, strings, boxed time. */
    static final long ENTRY_BYTES = 120;

    private volatile Strategy strategy;
    private final long maxBytes;
    private final Map<String, Long> deletedUntil = new LinkedHashMap<>();
    private long bytes;

    /** Deletions sized to this JVM's heap. */
    PersonalizationState() {
        this(Runtime.getRuntime().maxMemory());
    }

    /** @param heapBytes the heap the deletions are sized to: they keep a 64th of it, 1 MB to 32 MB */
    PersonalizationState(long heapBytes) {
        this.maxBytes = Math.max(1L << 20, Math.min(32L << 20, heapBytes / 64));
    }

    /** {@return the strategy, or {@code null} when none was set} */
    Strategy strategy() {
        return strategy;
    }

    /** @param strategy the new strategy */
    void setStrategy(Strategy strategy) {
        this.strategy = strategy;
    }

    /**
     * {@return epoch milliseconds before which the user's events are ignored, or {@link Long#MIN_VALUE}}
     *
     * @param userToken a user
     */
    synchronized long deletedUntil(String userToken) {
        return deletedUntil.getOrDefault(userToken, Long.MIN_VALUE);
    }

    /**
     * @param userToken a user
     * @param millis ignore the user's events timestamped before this time
     */
    synchronized void delete(String userToken, long millis) {
        if (deletedUntil.remove(userToken) != null) {
            bytes -= bytesOf(userToken);
        }
        deletedUntil.put(userToken, millis);
        bytes += bytesOf(userToken);
        Iterator<String> oldest = deletedUntil.keySet().iterator();
        while (deletedUntil.size() > 1 && (bytes > maxBytes || deletedUntil.size() > MAX_DELETIONS)) {
            bytes -= bytesOf(oldest.next());
            oldest.remove();
        }
    }

    /** {@return the estimated bytes the deletions kept hold} */
    synchronized long bytes() {
        return bytes;
    }

    /** {@return the bytes the deletions may hold} */
    long maxBytes() {
        return maxBytes;
    }

    private static long bytesOf(String userToken) {
        return ENTRY_BYTES + 2L * userToken.length();
    }

    /** Forgets the strategy and every deletion. */
    synchronized void clear() {
        strategy = null;
        deletedUntil.clear();
        bytes = 0;
    }
}
