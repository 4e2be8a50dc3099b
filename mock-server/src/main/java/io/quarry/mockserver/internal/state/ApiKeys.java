package io.quarry.mockserver.internal.state;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The application's API keys other than the admin key, with the state table: created keys are
 * active; a deleted key goes to the deleted list, from which only it can be restored; a key whose validity has
 * elapsed on the clock is removed (not restorable). Keys are 32 lowercase hex characters, as the service's. The
 * deleted list keeps the {@value #MAX_DELETED} most recently deleted keys, a bound of the mock server's own: a key
 * deleted before those can no longer be restored.
 */
public final class ApiKeys {

    /** How many deleted keys can be restored: the most recently deleted ones. */
    public static final int MAX_DELETED = 1000;

    private final Clock clock;
    private final Map<String, ApiKey> active = new ConcurrentHashMap<>();
    /** In deletion order, guarded by itself. */
    private final Map<String, ApiKey> deleted = new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ApiKey> eldest) {
            return size() > MAX_DELETED;
        }
    };
    /** Bumped on every change of the active keys, so caches of key lookups know when to forget. */
    private final AtomicLong changes = new AtomicLong();

    /** @param clock the clock validity follows */
    public ApiKeys(Clock clock) {
        this.clock = clock;
    }

    /**
     * {@return the new key}
     *
     * @param definition the key's parameters
     * @param indexScope the index of an index-level key, or {@code null} for a global key
     */
    public ApiKey create(KeyDefinition definition, String indexScope) {
        long now = clock.millis();
        ApiKey key = definition.toKey(RandomIds.next(), indexScope, now, now);
        active.put(key.value(), key);
        changes.incrementAndGet();
        return key;
    }

    /**
     * Adds a key with a chosen value (seed documents).
     *
     * @param value the key's value
     * @param definition its parameters
     * @param indexScope the index of an index-level key, or {@code null}
     */
    public void put(String value, KeyDefinition definition, String indexScope) {
        long now = clock.millis();
        synchronized (deleted) {
            deleted.remove(value);
        }
        active.put(value, definition.toKey(value, indexScope, now, now));
        changes.incrementAndGet();
    }

    /**
     * {@return the active key, or {@code null} (also once its validity has elapsed)}
     *
     * @param value a key value
     */
    public ApiKey find(String value) {
        ApiKey key = active.get(value);
        if (key != null && key.expiredAt(clock.millis())) {
            active.remove(value, key);
            return null;
        }
        return key;
    }

    /**
     * Replaces an active key's parameters.
     *
     * @param value the key value
     * @param definition the new parameters
     * @return the updated key, or {@code null} when it is not active
     */
    public ApiKey update(String value, KeyDefinition definition) {
        if (find(value) == null) {
            return null;
        }
        changes.incrementAndGet();
        return active.computeIfPresent(value, (v, key) -> key.redefined(definition, clock.millis()));
    }

    /**
     * Moves an active key to the deleted list.
     *
     * @param value the key value
     * @return whether it was active
     */
    public boolean delete(String value) {
        ApiKey key = find(value) == null ? null : active.remove(value);
        changes.incrementAndGet();
        if (key == null) {
            return false;
        }
        synchronized (deleted) {
            deleted.put(value, key);
        }
        return true;
    }

    /**
     * Restores a deleted key with its rights; its creation time and validity start again now.
     *
     * @param value the key value
     * @return the restored key, or {@code null} when it is not in the deleted list
     */
    public ApiKey restore(String value) {
        ApiKey key;
        synchronized (deleted) {
            key = deleted.remove(value);
        }
        if (key == null) {
            return null;
        }
        long now = clock.millis();
        ApiKey restored = new ApiKey(
                key.value(),
                key.acl(),
                key.description(),
                key.indexes(),
                key.validitySeconds(),
                key.maxHitsPerQuery(),
                key.maxQueriesPerIPPerHour(),
                key.queryParameters(),
                key.referers(),
                key.indexScope(),
                now,
                ApiKey.expiry(now, key.validitySeconds()));
        active.put(value, restored);
        changes.incrementAndGet();
        return restored;
    }

    /** {@return a number that changes whenever an active key is added, changed, deleted or restored} */
    public long changes() {
        return changes.get();
    }

    /** {@return every active key, oldest first} */
    public List<ApiKey> all() {
        List<ApiKey> keys = new ArrayList<>();
        for (String value : new ArrayList<>(active.keySet())) {
            ApiKey key = find(value);
            if (key != null) {
                keys.add(key);
            }
        }
        keys.sort(Comparator.comparingLong(ApiKey::createdAtMillis).thenComparing(ApiKey::value));
        return keys;
    }

    /** {@return the current time on the keys' clock, epoch milliseconds} */
    public long nowMillis() {
        return clock.millis();
    }

    /** Removes every key, active and deleted. */
    public void clear() {
        active.clear();
        changes.incrementAndGet();
        synchronized (deleted) {
            deleted.clear();
        }
    }
}
