package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.IndexNames;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The state of one application: its indices (created on first write) and its tasks. Every write goes through
 * {@link #write}, {@link #writeIfExists} or {@link #writeMany}, which lock the indices written and those linked to
 * them as primary and replicas (all in name order, so writers never deadlock), apply the write, keep each replica
 * holding its primary's records (see {@link ReplicaLinks}), and record one task per index written, so writes on
 * an index apply in the order their task IDs say.
 */
public final class Application {

    /**
     * The most indices the application holds. Even empty, an index costs a few kilobytes, and one request (a
     * multi-index batch, a seed) may name any number of new ones: a 10 MB seed of empty indices took over a gigabyte.
     */
    public static final int MAX_INDICES = 10_000;

    /** The clusters of multi-cluster mapping unless configured otherwise. */
    public static final List<String> DEFAULT_CLUSTERS = List.of("mock-cluster-1", "mock-cluster-2");

    private final ConcurrentHashMap<String, IndexState> indices = new ConcurrentHashMap<>();
    private final Clock clock;
    private final TaskLog tasks;
    private final ApiKeys keys;
    private final UserMappings mappings;
    private final Dictionaries dictionaries;
    private final RequestLog requestLog;
    private final Tracking tracking;
    private final RecordBudget recordBudget;
    /** Service-assigned objectIDs: 12-digit decimal strings, unlikely to meet the IDs users choose. */
    private final AtomicLong nextObjectId = new AtomicLong(100_000_000_001L);
    /** Resets begun and ended: odd while one runs (see {@link #resets()}). */
    private final AtomicLong resets = new AtomicLong();
    /** Where a test stops writes to run racing ones. */
    private volatile Interleaving interleaving = Interleaving.NONE;

    /**
     * @param clock the clock for timestamps and task publication
     * @param taskDelay how long a task stays notPublished
     */
    public Application(Clock clock, Duration taskDelay) {
        this(clock, taskDelay, DEFAULT_CLUSTERS);
    }

    /**
     * @param clock the clock for timestamps, task publication and key validity
     * @param taskDelay how long a task stays notPublished
     * @param clusters the multi-cluster mapping's clusters; none disables the feature
     */
    public Application(Clock clock, Duration taskDelay, List<String> clusters) {
        this(
                clock,
                taskDelay,
                clusters,
                RecordBudget.forHeap(Runtime.getRuntime().maxMemory()));
    }

    /**
     * @param clock the clock for timestamps, task publication and key validity
     * @param taskDelay how long a task stays notPublished
     * @param clusters the multi-cluster mapping's clusters; none disables the feature
     * @param recordBudgetBytes the estimated heap bytes the records of every index may hold together
     */
    public Application(Clock clock, Duration taskDelay, List<String> clusters, long recordBudgetBytes) {
        this.recordBudget = new RecordBudget(recordBudgetBytes);
        this.clock = clock;
        this.tasks = new TaskLog(clock, taskDelay);
        this.keys = new ApiKeys(clock, recordBudget);
        this.mappings = new UserMappings(clusters, tasks);
        this.dictionaries = new Dictionaries(recordBudget);
        this.requestLog = new RequestLog();
        this.tracking = new Tracking(clock);
    }

    /**
     * Lets a test stop writes at the points of {@link Interleaving}.
     *
     * @param interleaving what a writing thread does at each point
     */
    void interleaving(Interleaving interleaving) {
        this.interleaving = interleaving;
    }

    /** {@return where a test stops writes} */
    Interleaving interleaving() {
        return interleaving;
    }

    /** {@return the API keys other than the admin key} */
    public ApiKeys keys() {
        return keys;
    }

    /** {@return the multi-cluster user mapping} */
    public UserMappings mappings() {
        return mappings;
    }

    /** {@return the custom dictionary entries and dictionary settings} */
    public Dictionaries dictionaries() {
        return dictionaries;
    }

    /** {@return the last requests, for {@code GET /1/logs}} */
    public RequestLog requestLog() {
        return requestLog;
    }

    /** {@return the searches and events that analytics, personalization and query suggestions read} */
    public Tracking tracking() {
        return tracking;
    }

    /** {@return the budget of the records every index holds: an estimate of their heap bytes, and its bound} */
    public RecordBudget recordBudget() {
        return recordBudget;
    }

    /** {@return the clock of timestamps, task publication and key validity} */
    public Clock clock() {
        return clock;
    }

    /** {@return the task log} */
    public TaskLog tasks() {
        return tasks;
    }

    /** {@return the current time, epoch milliseconds} */
    public long nowMillis() {
        return clock.millis();
    }

    /**
     * {@return the index, or {@code null} when it does not exist} An index a write is creating exists once that
     * write has ended (see {@link IndexState#born()}): a reader finding it earlier saw it empty.
     *
     * @param name an index name
     */
    public IndexState find(String name) {
        IndexState state = indices.get(name);
        return state != null && state.born() ? state : null;
    }

    /**
     * {@return the index, also while the write creating it runs, or {@code null}} For tests that watch a write wait
     * for one creating its index.
     *
     * @param name an index name
     */
    IndexState findCreating(String name) {
        return indices.get(name);
    }

    /**
     * {@return the index}
     *
     * @param name an index name
     * @throws ApiException 404 when it does not exist
     */
    public IndexState require(String name) {
        IndexState state = find(name);
        if (state == null) {
            throw ApiException.notFound("Index does not exist");
        }
        return state;
    }

    /**
     * Refuses a write that would make the application hold more than {@link #MAX_INDICES} indices.
     *
     * @param more how many indices the write would add
     * @throws ApiException 403, as a quota is refused
     */
    public void requireRoomForIndices(long more) {
        if (indices.size() + more > MAX_INDICES) {
            throw new ApiException(
                    403,
                    "Max number of indices reached: the mock server holds at most " + MAX_INDICES
                            + " indices; delete some first");
        }
    }

    /** How many times {@link #readTogether} takes its locks again before it reads what it holds. */
    static final int READ_TOGETHER_TRIES = 8;

    /** {@return every index, by name (not one a write in progress is creating)} */
    public List<IndexState> all() {
        return new TreeSet<>(indices.keySet())
                .stream().map(this::find).filter(state -> state != null).toList();
    }

    /**
     * {@return what the reader makes of each index chosen, in name order, all as of one instant} The chosen indices'
     * read locks ({@link IndexState#read}) are taken in name order, as writers take theirs, and held together: a
     * write in progress on them is waited for, and none ends between the reads of two of them, so a move's records
     * are seen in its source or in its destination, never in both nor in neither. When an index was created or
     * removed while the locks were taken, they are let go and taken again, up to {@value #READ_TOGETHER_TRIES} times:
     * then the indices locked are read as they are, so that indices created and removed without pause (a test
     * making an index per case on many threads) cannot keep a listing or an export from ever answering.
     *
     * @param choose picks, in their order, the indices to read among every index (by name)
     * @param reader reads one index, its {@link IndexState#data()} and {@link IndexState#config()} as of the same
     *     instant as the others'; must not write to the application, nor keep what it read
     * @param <T> what it returns
     */
    public <T> List<T> readTogether(UnaryOperator<List<IndexState>> choose, Function<IndexState, T> reader) {
        for (int tries = 1; ; tries++) {
            List<IndexState> states = all();
            List<IndexState> chosen = choose.apply(states);
            List<IndexState> held = new ArrayList<>(chosen.size());
            try {
                for (IndexState state : chosen) {
                    state.lockRead();
                    held.add(state);
                }
                if (tries == READ_TOGETHER_TRIES || all().equals(states)) {
                    List<T> read = new ArrayList<>(chosen.size());
                    chosen.forEach(state -> read.add(reader.apply(state)));
                    return read;
                }
            } finally {
                held.forEach(IndexState::unlockRead);
            }
        }
    }

    /** {@return a fresh service-assigned objectID, unique within the application} */
    public String newObjectId() {
        return Long.toString(nextObjectId.getAndIncrement());
    }

    /**
     * The outcome of a write.
     *
     * @param result what the write returned
     * @param taskIds the task recorded for each index written, in the order the names were given
     * @param <T> the result type
     */
    public record Written<T>(T result, Map<String, Long> taskIds) {

        /** {@return the task of the (first) index written} */
        public long taskId() {
            return taskIds.values().iterator().next();
        }
    }

    /**
     * Applies a write to one index, creating it when absent.
     *
     * @param name the index name
     * @param write the write, run under the index's lock
     * @param <T> the result type
     * @return its result and task
     */
    public <T> Written<T> write(String name, Function<IndexState, T> write) {
        return writeMany(List.of(name), states -> write.apply(states.get(name)));
    }

    /**
     * Applies a write to an index only when it exists; otherwise only a task is recorded, as the service
     * acknowledges such writes.
     *
     * @param name the index name
     * @param write the write, run under the index's lock
     * @param whenAbsent the result when the index does not exist
     * @param <T> the result type
     * @return its result and task
     */
    public <T> Written<T> writeIfExists(String name, Function<IndexState, T> write, T whenAbsent) {
        Written<T> written = locked(List.of(name), name, states -> write.apply(states.get(name)));
        return written != null ? written : new Written<>(whenAbsent, Map.of(name, tasks.record()));
    }

    /**
     * Applies one write to several indices (created when absent), holding all their locks, and records one task
     * per index.
     *
     * @param names the index names
     * @param write the write, given the indices by name
     * @param <T> the result type
     * @return its result and the task of each index
     */
    public <T> Written<T> writeMany(Collection<String> names, Function<Map<String, IndexState>, T> write) {
        return writeMany(names, null, write);
    }

    /**
     * Like {@link #writeMany(Collection, Function)}, but the index {@code mustExist} is not created: it is checked
     * under the locks, so a copy or move racing another move of the same source sees it gone (404) instead of
     * moving an empty index over the destination.
     *
     * @param names the index names, {@code mustExist} among them
     * @param mustExist the index that must exist (the source of a copy or move), or {@code null}
     * @param write the write, given the indices by name
     * @param <T> the result type
     * @return its result and the task of each index
     * @throws ApiException 404 when {@code mustExist} does not exist
     */
    public <T> Written<T> writeMany(
            Collection<String> names, String mustExist, Function<Map<String, IndexState>, T> write) {
        Written<T> written = locked(names, mustExist, write);
        if (written == null) {
            throw ApiException.notFound("Index does not exist");
        }
        return written;
    }

    /**
     * Runs a write holding the locks of the indices named and of those linked to them (a primary's replicas, a
     * replica's primary), all in name order so that writers never deadlock; the links are read again under the
     * locks, and the locking starts over when they changed meanwhile. The write is given the indices named; after
     * it, the links' records are brought in line. Readers of the indices locked ({@link IndexState#read}) wait
     * for the whole write, so none sees part of it. An index this call created is removed again when the write
     * fails, so a refused write leaves no index behind.
     *
     * @return the outcome, or {@code null} when {@code mustExist} does not exist
     */
    private <T> Written<T> locked(
            Collection<String> names, String mustExist, Function<Map<String, IndexState>, T> write) {
        Set<String> named = new LinkedHashSet<>(names);
        named.forEach(name -> interleaving.reached(Interleaving.Point.WRITE_LOCKING, name));
        Set<String> toLock = withLinked(named);
        while (true) {
            Map<String, IndexState> locked = new LinkedHashMap<>();
            List<IndexState> created = new ArrayList<>();
            boolean written = false;
            try {
                for (String name : new TreeSet<>(toLock)) {
                    IndexState state = named.contains(name) && !name.equals(mustExist)
                            ? lockLive(name, created)
                            : lockExisting(name);
                    if (state != null) {
                        locked.put(name, state);
                    } else if (name.equals(mustExist)) {
                        return null;
                    }
                }
                Set<String> linked = withLinked(named);
                if (!toLock.containsAll(linked)) {
                    toLock.addAll(linked);
                    continue;
                }
                locked.values().forEach(IndexState::holdReaders);
                ReplicaLinks.reconcile(locked, this);
                Map<String, IndexState> given = new LinkedHashMap<>();
                named.forEach(name -> given.put(name, locked.get(name)));
                T result;
                try {
                    result = write.apply(given);
                    named.forEach(name -> interleaving.reached(Interleaving.Point.WRITE_APPLIED, name));
                } finally {
                    ReplicaLinks.reconcile(locked, this);
                }
                Map<String, Long> taskIds = new LinkedHashMap<>();
                for (String name : named) {
                    taskIds.put(name, finish(locked.get(name)));
                }
                // a replica linked meanwhile holds its primary's records now, not those its users wrote
                locked.values().forEach(state -> mappings.holding(state.name(), state.data()));
                touchReplicas(locked, named, taskIds);
                locked.values().forEach(IndexState::markBorn);
                written = true;
                return new Written<>(result, taskIds);
            } finally {
                if (!written) {
                    created.forEach(this::discard);
                }
                locked.values().forEach(IndexState::admitReaders);
                locked.values().forEach(state -> state.lock().unlock());
            }
        }
    }

    /** {@return the names, and the names of the indices linked to those that exist} */
    private Set<String> withLinked(Set<String> names) {
        Set<String> all = new LinkedHashSet<>(names);
        for (String name : names) {
            IndexState state = indices.get(name);
            if (state != null) {
                all.addAll(state.replicaNames());
                // read once: another write may unlink it between two reads (the locks are not held yet)
                String primary = state.primaryName();
                if (primary != null) {
                    all.add(primary);
                }
            }
        }
        return all;
    }

    /** A write to a primary changes its replicas' records too: they show the primary's task as their last. */
    private void touchReplicas(Map<String, IndexState> locked, Set<String> named, Map<String, Long> taskIds) {
        for (IndexState replica : locked.values()) {
            String primary = replica.primaryName();
            if (!named.contains(replica.name()) && primary != null && taskIds.containsKey(primary)) {
                replica.touch(clock.millis(), taskIds.get(primary));
            }
        }
    }

    /** {@return the index, locked, or {@code null} when it does not exist} */
    private IndexState lockExisting(String name) {
        while (true) {
            IndexState state = indices.get(name);
            if (state == null) {
                return null;
            }
            state.lock().lock();
            if (!state.deleted()) {
                return state;
            }
            state.lock().unlock();
        }
    }

    /**
     * {@return the index, locked, created when absent (and then added to {@code created})} An index created here is
     * locked before it is published: locked after, another write could take it first and fill it, and the write
     * creating it, refused, would then discard that write's records with the index.
     */
    private IndexState lockLive(String name, List<IndexState> created) {
        if (!indices.containsKey(name)) {
            IndexNames.requireValid(name);
        }
        while (true) {
            IndexState state = indices.get(name);
            if (state == null) {
                requireRoomForIndices(1);
                IndexState fresh = new IndexState(name, clock.millis(), this::interleaving, recordBudget);
                fresh.lock().lock();
                if (indices.putIfAbsent(name, fresh) == null) {
                    created.add(fresh);
                    interleaving.reached(Interleaving.Point.INDEX_PUBLISHED, name);
                    return fresh;
                }
                fresh.lock().unlock();
                continue;
            }
            state.lock().lock();
            if (!state.deleted()) {
                return state;
            }
            state.lock().unlock();
        }
    }

    /** Removes an index created by a write that failed (its lock is held), as if it had never been created. */
    private void discard(IndexState state) {
        state.markDeleted();
        indices.remove(state.name(), state);
    }

    /** Records the task of a write that just ran on a locked index, and removes the index when asked. */
    private long finish(IndexState state) {
        long task = tasks.record();
        state.touch(clock.millis(), task);
        if (state.takeRemovalRequest()) {
            state.markDeleted();
            indices.remove(state.name(), state);
            mappings.forgetIndex(state.name());
        } else if (state.data().size() == 0) {
            // cleared, or emptied by deletes: no claim can name a stored record, and a user filling and clearing
            // indices would otherwise leave its claims behind until it next wrote to each
            mappings.forgetIndex(state.name());
        }
        return task;
    }

    /**
     * {@return a count of the resets begun and ended, odd while one runs} Work that runs outside requests (a
     * query-suggestions build, a crawl), which a reset does not wait for, reads it before it reads the state and
     * writes through {@link #writeManyUnlessReset}: changed, the state it read is gone, and the write must not bring
     * it back.
     */
    public long resets() {
        return resets.get();
    }

    /**
     * Like {@link #writeMany(Collection, Function)}, for work outside requests (a query-suggestions build, a crawl),
     * which a reset does not wait for: the write is refused whole, an index it created removed again, when a reset
     * has begun since {@code resetsRead} was read from {@link #resets()}. Checked under the locks, before the write:
     * a reset erases the indices under the same locks, so the write lands wholly before the erasure or not at all.
     *
     * @param names the index names
     * @param resetsRead {@link #resets()} as read before the work read the state it writes from
     * @param write the write, given the indices by name
     * @param <T> the result type
     * @return its result and tasks, or {@code null} when a reset came first
     */
    public <T> Written<T> writeManyUnlessReset(
            Collection<String> names, long resetsRead, Function<Map<String, IndexState>, T> write) {
        try {
            return writeMany(names, states -> {
                if (resetsRead % 2 != 0 || resets.get() != resetsRead) {
                    // thrown, so that an index this write created goes with it
                    throw new ResetMeanwhile();
                }
                return write.apply(states);
            });
        } catch (ResetMeanwhile reset) {
            return null;
        }
    }

    /** A reset began since the work read the state: its write is refused whole. */
    private static final class ResetMeanwhile extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ResetMeanwhile() {
            super(null, null, false, false);
        }
    }

    /**
     * Runs a reset: {@link #resets()} is odd while it runs, and changed once it has run.
     *
     * @param reset what the reset does
     */
    public void reset(Runnable reset) {
        resets.incrementAndGet();
        try {
            reset.run();
        } finally {
            resets.incrementAndGet();
        }
    }

    /** Removes every index, key, user mapping, dictionary entry and logged request. Task IDs keep increasing. */
    public void clear() {
        keys.clear();
        mappings.clear();
        dictionaries.clear();
        requestLog.clear();
        tracking.clear();
        for (String name : new ArrayList<>(indices.keySet())) {
            writeIfExists(
                    name,
                    state -> {
                        state.requestRemoval();
                        return null;
                    },
                    null);
        }
    }
}
