package io.quarry.mockserver.engine;

import io.quarry.mockserver.engine.internal.index.AttributePathBudget;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.index.RecordWatch;
import io.quarry.mockserver.engine.internal.index.StoreHolds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;
import tools.jackson.databind.node.ObjectNode;

/**
 * The records of one index and the structures that search them (an inverted index over every word of every
 * string and number value, kept up to date on each write).
 *
 * <p>Thread-safe. A group of writes passed to {@link #write} is atomic for readers: no search sees part of it,
 * because writers hold a write lock for the whole group and searches hold the read lock for their whole run.
 * When the group throws, its changes are undone before the exception propagates. Records handed in are owned
 * by the index afterwards; records handed out are copies.
 *
 * <p>Records held by a mock server's index count in its budget of stored records: a group that would take them
 * past it throws an {@link EngineException} (403, the service's answer to a write over the record quota) and is
 * undone. The columns and orders searches build over them count there too, as caches: one that does not fit is
 * used without being kept, and a write needing room drops them before it is refused. Records created with
 * {@link #IndexData()} and held by no index count nowhere, and are never refused.
 */
public final class IndexData {

    static {
        StoreHolds.install(new StoreHolds.Side() {
            @Override
            public void hold(IndexData data, RecordBudget budget, boolean refusable) {
                data.hold(budget, refusable);
            }

            @Override
            public void release(IndexData data) {
                data.release();
            }

            @Override
            public long releaseKeepingCount(IndexData data) {
                return data.releaseKeepingCount();
            }

            @Override
            public void holdInPlaceOf(IndexData data, RecordBudget budget, long reserved) {
                data.holdInPlaceOf(budget, reserved);
            }

            @Override
            public long heapBytes(IndexData data) {
                return data.read(RecordStore::heapBytes);
            }

            @Override
            public long jsonSize(IndexData data, String objectID) {
                return data.jsonSize(objectID);
            }

            @Override
            public StoreHolds.Group open(IndexData data) {
                return data.new OpenGroup();
            }

            @Override
            public void watch(IndexData data, RecordWatch watch) {
                data.watch.set(watch);
            }

            @Override
            public void unwatch(IndexData data, RecordWatch watch) {
                data.watch.compareAndSet(watch, null);
            }
        });
    }

    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final RecordStore store = new RecordStore();
    /** Told of each write group kept, or {@code null}. */
    private final AtomicReference<RecordWatch> watch = new AtomicReference<>();
    // Under the write lock: the budget the store counts in while indices hold it, and what it counted there.
    private RecordBudget budget;
    private int holders;
    private long counted;

    /** Creates an empty index. */
    public IndexData() {
        // Empty until the first write.
    }

    /**
     * Applies a group of writes atomically.
     *
     * @param writes the writes; what it returns is returned
     * @param <T> the result type
     * @return what {@code writes} returned
     * @throws EngineException 403 when the records are held by a mock server's index and the group would take them
     *     past its budget of stored records (the group is undone)
     */
    public <T> T write(Function<RecordWriter, T> writes) {
        OpenGroup group = new OpenGroup();
        try {
            T result = writes.apply(group.writer());
            settle(true);
            group.tell();
            group.end();
            return result;
        } catch (RuntimeException | Error failure) {
            group.abort();
            throw failure;
        }
    }

    /** Counts the store's change since it was last counted; a growth that does not fit is refused when it may be. */
    private void settle(boolean refusable) {
        if (budget == null) {
            return;
        }
        long change = store.heapBytes() - counted;
        if (refusable && change > 0) {
            budget.take(change);
        } else {
            budget.add(change);
        }
        counted += change;
    }

    private void hold(RecordBudget to, boolean refusable) {
        lock.writeLock().lock();
        try {
            if (holders == 0) {
                long bytes = store.heapBytes();
                if (refusable) {
                    to.take(bytes);
                } else {
                    to.add(bytes);
                }
                budget = to;
                counted = bytes;
                store.countCachesIn(to);
            } else if (budget != to) {
                throw new IllegalStateException("records are held by the indices of one application only");
            }
            holders++;
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void release() {
        lock.writeLock().lock();
        try {
            RecordBudget counting = budget;
            long kept = unhold();
            counting.add(-kept);
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Stops one hold; {@return the bytes the last hold counted, which stay in the budget, else 0} */
    private long releaseKeepingCount() {
        lock.writeLock().lock();
        try {
            return unhold();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Under the write lock: stops one hold; {@return what the last one counted, else 0} */
    private long unhold() {
        if (holders == 0) {
            throw new IllegalStateException("records released more often than held");
        }
        if (--holders > 0) {
            return 0;
        }
        long kept = counted;
        budget = null;
        counted = 0;
        store.countCachesIn(null);
        return kept;
    }

    /** Starts a hold whose estimate replaces {@code reserved} bytes counted in the budget already. */
    private void holdInPlaceOf(RecordBudget to, long reserved) {
        lock.writeLock().lock();
        try {
            if (holders == 0) {
                long bytes = store.heapBytes();
                to.add(bytes - reserved);
                budget = to;
                counted = bytes;
                store.countCachesIn(to);
            } else if (budget != to) {
                throw new IllegalStateException("records are held by the indices of one application only");
            } else {
                to.add(-reserved);
            }
            holders++;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Returns a copy of one record.
     *
     * @param objectID the record's ID
     * @return a copy of the record, or {@code null} when absent
     */
    public ObjectNode get(String objectID) {
        lock.readLock().lock();
        try {
            IndexedRecord record = store.get(objectID);
            return record == null ? null : record.copyOfSource();
        } finally {
            lock.readLock().unlock();
        }
    }

    /** {@return the number of records} */
    public int size() {
        return read(RecordStore::size);
    }

    /** {@return the approximate size of the records in bytes, as JSON} */
    public long dataSize() {
        return read(RecordStore::dataSize);
    }

    private long jsonSize(String objectID) {
        lock.readLock().lock();
        try {
            IndexedRecord record = store.get(objectID);
            return record == null ? -1 : record.approximateSize();
        } finally {
            lock.readLock().unlock();
        }
    }

    /** {@return copies of every record, in objectID order (for state export)} */
    public List<ObjectNode> records() {
        return read(s -> {
            List<ObjectNode> copies = new ArrayList<>(s.size());
            for (IndexedRecord record : s.sortedById()) {
                copies.add(record.copyOfSource());
            }
            return copies;
        });
    }

    /**
     * Runs a read under the read lock, so that it sees no write group half applied.
     *
     * @param reader what to read; must not keep references to the store after returning
     * @param <T> the result type
     * @return what {@code reader} returned
     */
    <T> T read(Function<RecordStore, T> reader) {
        lock.readLock().lock();
        try {
            return reader.apply(store);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** A group of writes holding the write lock until it ends: committed, or undone. */
    private final class OpenGroup implements StoreHolds.Group {

        private final GroupWriter writer;

        OpenGroup() {
            lock.writeLock().lock();
            writer = new GroupWriter();
        }

        @Override
        public RecordWriter writer() {
            return writer;
        }

        @Override
        public long growth() {
            return budget == null ? 0 : store.heapBytes() - counted;
        }

        @Override
        public void commit() {
            counted += growth();
            tell();
            end();
        }

        /** Tells the watch, if any, of the group being kept. */
        void tell() {
            RecordWatch watching = watch.get();
            if (watching != null) {
                writer.tell(watching);
            }
        }

        @Override
        public void abort() {
            try {
                writer.undo();
                // what undoing could not take back (words met) is counted all the same
                settle(false);
            } finally {
                end();
            }
        }

        void end() {
            writer.close();
            lock.writeLock().unlock();
        }
    }

    /** The writer of one group; remembers the first prior state of each touched record to undo the group. */
    private final class GroupWriter implements RecordWriter {

        private final Map<String, IndexedRecord> priorStates = new LinkedHashMap<>();
        private List<IndexedRecord> priorContent;
        private boolean open = true;

        @Override
        public ObjectNode get(String objectID) {
            ensureOpen();
            IndexedRecord record = store.get(objectID);
            return record == null ? null : record.source();
        }

        @Override
        public void put(ObjectNode record) {
            ensureOpen();
            if (record == null || !record.path("objectID").isString()) {
                throw new IllegalArgumentException("a record needs a string objectID");
            }
            AttributePathBudget.check(record);
            String objectID = record.path("objectID").asString();
            IndexedRecord previous = store.put(record);
            priorStates.putIfAbsent(objectID, previous);
        }

        @Override
        public boolean remove(String objectID) {
            ensureOpen();
            IndexedRecord removed = store.remove(objectID);
            if (removed != null) {
                priorStates.putIfAbsent(objectID, removed);
            }
            return removed != null;
        }

        @Override
        public void clear() {
            ensureOpen();
            if (priorContent == null) {
                priorContent = new ArrayList<>(store.sortedById());
                // Records touched before the clear are restored from their prior state below.
                priorContent.removeIf(r -> priorStates.containsKey(r.objectID()));
                priorStates.values().stream().filter(r -> r != null).forEach(priorContent::add);
                priorStates.clear();
            }
            store.clear();
        }

        void undo() {
            if (priorContent != null) {
                store.clear();
                priorContent.stream()
                        .sorted(java.util.Comparator.comparingLong(IndexedRecord::sequence))
                        .forEach(store::restore);
                return;
            }
            for (Map.Entry<String, IndexedRecord> entry : priorStates.entrySet()) {
                if (entry.getValue() == null) {
                    store.remove(entry.getKey());
                } else {
                    store.restore(entry.getValue());
                }
            }
        }

        void tell(RecordWatch watching) {
            watching.kept(priorContent != null, Collections.unmodifiableSet(priorStates.keySet()), id -> {
                IndexedRecord record = store.get(id);
                return record == null ? -1 : record.approximateSize();
            });
        }

        void close() {
            open = false;
        }

        private void ensureOpen() {
            if (!open) {
                throw new IllegalStateException("a RecordWriter is valid only inside IndexData.write");
            }
        }
    }
}
