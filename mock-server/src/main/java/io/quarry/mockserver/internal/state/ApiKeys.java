package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.internal.http.ApiException;
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
 *
 * <p>At most {@value #MAX_ACTIVE} keys are active at once, a bound of the mock server's own (the service documents
 * none): past it, creating, restoring or seeding a key is refused with a 403 that says so. Every key it keeps, active
 * or deleted, counts in the application's {@link RecordBudget} beside the records, and a key that would take the
 * budget past its capacity is refused with its 403 before anything changes.
 */
public final class ApiKeys {

    /** How many deleted keys can be restored: the most recently deleted ones. */
    public static final int MAX_DELETED = 1000;

    /**
     * How many keys may be active at once: a loop creating keys grew the heap without end. Generous for tests that
     * make a key or two each, and small enough that listing them stays a small answer.
     */
    public static final int MAX_ACTIVE = 10_000;

    /** A key's record, its lists and their slots; its strings are counted apart. */
    private static final int KEY_BYTES = 200;

    /** A string's object and array, and its slot in a list, besides its characters. */
    private static final int STRING_BYTES = 48;

    private final Clock clock;
    private final RecordBudget budget;
    private final Map<String, ApiKey> active = new ConcurrentHashMap<>();
    /** In deletion order, guarded by itself. */
    private final Map<String, ApiKey> deleted = new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ApiKey> eldest) {
            if (size() <= MAX_DELETED) {
                return false;
            }
            budget.addConfig(-heapBytes(eldest.getValue()));
            return true;
        }
    };
    /** Bumped on every change of the active keys, so caches of key lookups know when to forget. */
    private final AtomicLong changes = new AtomicLong();

    /** @param clock the clock validity follows; the keys count in a budget of their own */
    public ApiKeys(Clock clock) {
        this(clock, new RecordBudget(Long.MAX_VALUE / 4));
    }

    /**
     * @param clock the clock validity follows
     * @param budget where the keys count, beside the records
     */
    ApiKeys(Clock clock, RecordBudget budget) {
        this.clock = clock;
        this.budget = budget;
    }

    /**
     * {@return an estimate of the heap a key holds: its record and strings, and again as much for what requests
     *     derive from it (its parsed parameters, the secured keys' cache)}
     */
    private static long heapBytes(ApiKey key) {
        long bytes = KEY_BYTES
                + text(key.value())
                + text(key.description())
                + text(key.queryParameters())
                + text(key.indexScope());
        for (List<String> list : List.of(key.acl(), key.indexes(), key.referers())) {
            for (String item : list) {
                bytes += text(item);
            }
        }
        return 2 * bytes;
    }

    private static long text(String text) {
        return text == null ? 0 : STRING_BYTES + 2L * text.length();
    }

    /**
     * Refuses a key that would take the active keys past {@link #MAX_ACTIVE}, or the budget past its capacity.
     *
     * @param value the key's value
     * @param growth what keeping it adds to the budget
     */
    private void requireRoomFor(String value, long growth) {
        if (!active.containsKey(value) && active.size() >= MAX_ACTIVE) {
            throw new ApiException(
                    403,
                    "Too many API keys: the mock server keeps at most " + MAX_ACTIVE
                            + " active keys; delete keys you no longer use");
        }
        budget.requireRoom(growth);
    }

    /**
     * {@return the new key}
     *
     * @param definition the key's parameters
     * @param indexScope the index of an index-level key, or {@code null} for a global key
     * @throws ApiException 403 past {@link #MAX_ACTIVE} active keys
     * @throws io.quarry.mockserver.engine.EngineException 403 past the budget of stored records
     */
    public synchronized ApiKey create(KeyDefinition definition, String indexScope) {
        long now = clock.millis();
        ApiKey key = definition.toKey(RandomIds.next(), indexScope, now, now);
        long bytes = heapBytes(key);
        requireRoomFor(key.value(), bytes);
        active.put(key.value(), key);
        budget.addConfig(bytes);
        changes.incrementAndGet();
        return key;
    }

    /**
     * Adds a key with a chosen value (seed documents).
     *
     * @param value the key's value
     * @param definition its parameters
     * @param indexScope the index of an index-level key, or {@code null}
     * @throws ApiException 403 past {@link #MAX_ACTIVE} active keys
     * @throws io.quarry.mockserver.engine.EngineException 403 past the budget of stored records
     */
    public synchronized void put(String value, KeyDefinition definition, String indexScope) {
        long now = clock.millis();
        ApiKey key = definition.toKey(value, indexScope, now, now);
        ApiKey current = active.get(value);
        requireRoomFor(value, heapBytes(key) - (current == null ? 0 : heapBytes(current)));
        synchronized (deleted) {
            ApiKey formerlyDeleted = deleted.remove(value);
            if (formerlyDeleted != null) {
                budget.addConfig(-heapBytes(formerlyDeleted));
            }
        }
        // what it replaced: a lookup may have removed the former key meanwhile, expired, giving its bytes back
        ApiKey replaced = active.put(value, key);
        budget.addConfig(heapBytes(key) - (replaced == null ? 0 : heapBytes(replaced)));
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
            if (active.remove(value, key)) {
                budget.addConfig(-heapBytes(key));
            }
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
     * @throws io.quarry.mockserver.engine.EngineException 403 when its growth does not fit the budget of stored records
     */
    public synchronized ApiKey update(String value, KeyDefinition definition) {
        ApiKey former = find(value);
        if (former == null) {
            return null;
        }
        ApiKey key = former.redefined(definition, clock.millis());
        long growth = heapBytes(key) - heapBytes(former);
        budget.requireRoom(growth);
        if (!active.replace(value, former, key)) {
            // expired and removed by a lookup meanwhile
            return null;
        }
        budget.addConfig(growth);
        changes.incrementAndGet();
        return key;
    }

    /**
     * Moves an active key to the deleted list.
     *
     * @param value the key value
     * @return whether it was active
     */
    public synchronized boolean delete(String value) {
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
     * @throws ApiException 403 past {@link #MAX_ACTIVE} active keys (it stays in the deleted list)
     */
    public synchronized ApiKey restore(String value) {
        ApiKey key;
        synchronized (deleted) {
            key = deleted.get(value);
        }
        if (key == null) {
            return null;
        }
        // it counts in the budget already, as a deleted key
        requireRoomFor(value, 0);
        synchronized (deleted) {
            deleted.remove(value);
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
    public synchronized void clear() {
        // one by one: a lookup finding a key expired removes it (and gives its bytes back) meanwhile
        active.forEach((value, key) -> {
            if (active.remove(value, key)) {
                budget.addConfig(-heapBytes(key));
            }
        });
        changes.incrementAndGet();
        synchronized (deleted) {
            deleted.values().forEach(key -> budget.addConfig(-heapBytes(key)));
            deleted.clear();
        }
    }
}
