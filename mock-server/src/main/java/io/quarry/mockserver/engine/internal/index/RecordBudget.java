package io.quarry.mockserver.engine.internal.index;

import io.quarry.mockserver.engine.EngineException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The heap the records of one application may hold: an estimate of the bytes of every index's records and of the
 * structures that search them, summed over the stores the indices hold (a replica sharing its primary's store is
 * counted once). Stores report their growth when a write ends; a write that would take the sum past the capacity
 * is refused as the service refuses a write over the plan's record quota, and undone.
 *
 * <p>The columns and orders searches build over the records ({@link StoreCaches}) count here too, beside them, since
 * on a full budget they could take as much heap again: a cache is kept only while it fits, and a write that needs
 * room drops every store's caches before it is refused (they are rebuilt from the records when next asked for). The
 * indices' settings, synonyms and rules count here as well, and so do the dictionaries' custom entries and the API
 * keys ({@link #addConfig}).
 */
public final class RecordBudget {

    /** The service's answer to a write over the application's record quota. */
    public static final String QUOTA_EXCEEDED = "Record quota exceeded, change plan or delete records.";

    /** The least the records may hold, however small the heap. */
    static final long FLOOR = 8L * 1024 * 1024;

    /** The most the records may hold, however large the heap ({@link Runtime#maxMemory()} may be unbounded). */
    static final long CEILING = 16L * 1024 * 1024 * 1024;

    private final long capacity;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong cached = new AtomicLong();
    private final AtomicLong configured = new AtomicLong();
    private final Set<StoreCaches> caching = ConcurrentHashMap.newKeySet();

    /** @param capacity the estimated bytes all the records may hold */
    public RecordBudget(long capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("a record budget needs a positive capacity: " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * {@return the records' share of a heap of {@code maxHeapBytes}: half of it, since request bodies take up to a
     *     quarter and analytics an eighth, and answers need the rest; at least {@link #FLOOR}, at most
     *     {@link #CEILING}}
     *
     * @param maxHeapBytes the heap's limit, {@link Runtime#maxMemory()}
     */
    public static long forHeap(long maxHeapBytes) {
        return Math.max(FLOOR, Math.min(CEILING, maxHeapBytes / 2));
    }

    /**
     * Takes {@code bytes} more when they fit.
     *
     * @param bytes the growth, positive
     * @return whether they fit (and were taken)
     */
    boolean tryTake(long bytes) {
        while (true) {
            long now = used.get();
            if (now + cached.get() + configured.get() + bytes > capacity) {
                return false;
            }
            if (used.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /**
     * Counts a change that is never refused (a store shrinking, or growing where refusing would keep a deletion from
     * happening).
     *
     * @param bytes the change, negative when bytes were freed
     */
    public void add(long bytes) {
        used.addAndGet(bytes);
    }

    /**
     * Counts a change: a growth that does not fit refuses the write needing it; bytes freed are never refused.
     *
     * @param bytes the change, negative when bytes were freed
     * @throws EngineException 403 when a growth does not fit
     */
    public void take(long bytes) {
        if (bytes <= 0) {
            add(bytes);
        } else if (!tryTake(bytes)) {
            // caches are rebuilt from the records: they give way before a write is refused
            caching.forEach(StoreCaches::drop);
            if (!tryTake(bytes)) {
                throw refusal();
            }
        }
    }

    /**
     * Counts a cache's growth when it fits beside the records and the other caches.
     *
     * @param bytes the growth; a change of zero or less always fits
     * @return whether it fits (and was counted)
     */
    boolean tryCache(long bytes) {
        while (true) {
            long now = cached.get();
            if (bytes > 0 && used.get() + configured.get() + now + bytes > capacity) {
                return false;
            }
            if (cached.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /**
     * Gives back the bytes of caches dropped.
     *
     * @param bytes what they counted
     */
    void uncache(long bytes) {
        cached.addAndGet(-bytes);
    }

    /** @param caches caches that count here from now on, and that a write needing room drops */
    void register(StoreCaches caches) {
        caching.add(caches);
    }

    /** @param caches caches that no longer count here (their bytes given back) */
    void unregister(StoreCaches caches) {
        caching.remove(caches);
    }

    /** {@return the estimated bytes the caches built over the records hold now} */
    public long cached() {
        return cached.get();
    }

    /**
     * Refuses a growth that does not fit (every store's caches giving way first), counting nothing: the caller
     * changes its state, then counts the change with {@link #addConfig}. Nothing is taken on the way, so that a
     * reader of {@link #used()} never sees the check.
     *
     * @param bytes an upper bound of the growth
     * @throws EngineException 403 when it does not fit
     */
    public void requireRoom(long bytes) {
        if (bytes > 0 && !fits(bytes)) {
            caching.forEach(StoreCaches::drop);
            if (!fits(bytes)) {
                throw refusal();
            }
        }
    }

    private boolean fits(long bytes) {
        return used.get() + cached.get() + configured.get() + bytes <= capacity;
    }

    /**
     * Counts a change of what the application keeps besides its records: the indices' settings, synonyms and rules,
     * the dictionaries' custom entries and the API keys. Never refused (see {@link #requireRoom}).
     *
     * @param bytes the change, negative when bytes were freed
     */
    public void addConfig(long bytes) {
        configured.addAndGet(bytes);
    }

    /** {@return the estimated bytes the indices' settings, synonyms and rules, dictionary entries and keys hold now} */
    public long configured() {
        return configured.get();
    }

    /**
     * Gives back bytes taken with {@link #take}.
     *
     * @param bytes what was taken
     */
    public void giveBack(long bytes) {
        if (bytes > 0) {
            used.addAndGet(-bytes);
        }
    }

    /** {@return the estimated bytes the records hold now} */
    public long used() {
        return used.get();
    }

    /** {@return the estimated bytes the records may hold} */
    public long capacity() {
        return capacity;
    }

    /** {@return the refusal of a write that does not fit: the service's answer, and what the mock server holds} */
    EngineException refusal() {
        return new EngineException(
                403,
                QUOTA_EXCEEDED + " The mock server keeps at most " + megabytes(capacity)
                        + " MB of records (estimated heap bytes); delete records or indices, or give it a larger heap");
    }

    private static long megabytes(long bytes) {
        return Math.max(1, bytes / (1024 * 1024));
    }
}
