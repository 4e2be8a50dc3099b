package io.quarry.mockserver.internal.products.personalization;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the personalization product holds: the strategy (none until one is set) and, per deleted user, the time
 * before which that user's events no longer count. Thread-safe.
 */
final class PersonalizationState {

    /** Bounds the deletions kept; the oldest is forgotten first. */
    static final int MAX_DELETIONS = 200_000;

    private volatile Strategy strategy;
    private final Map<String, Long> deletedUntil = new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > MAX_DELETIONS;
        }
    };

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
        deletedUntil.remove(userToken);
        deletedUntil.put(userToken, millis);
    }

    /** Forgets the strategy and every deletion. */
    synchronized void clear() {
        strategy = null;
        deletedUntil.clear();
    }
}
