package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.internal.config.ConfigMap;
import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.engine.internal.index.StoreHolds;
import io.quarry.mockserver.internal.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One index: its records (an engine {@link IndexData}), settings as set, synonyms and rules by objectID, and its
 * timestamps. Writes run under the index's lock, taken by {@link Application}, so they apply in order. A reader
 * that needs records and configuration as one (a search, a browse, a record read) goes through {@link #read},
 * which waits for a write in progress: a write may replace the records and the configuration in turn (a copy or
 * move onto the index, a batch deleting it), and a search between the two saw the new records under the old
 * settings. Other readers use {@link #data()} and the immutable {@link #config()} snapshot without waiting.
 *
 * <p>The records it holds count in the application's {@link RecordBudget} until it is deleted ({@link StoreHolds}):
 * writes to them, a copy onto the index and a seed of its records are refused (403) past the budget. Its settings,
 * synonyms and rules count there too: a save that would take them past it is refused before anything changes.
 */
public final class IndexState {

    private final String name;
    private final ReentrantLock lock = new ReentrantLock();
    /** Written by a write for its whole run, read by {@link #read}. */
    private final ReentrantReadWriteLock contents = new ReentrantReadWriteLock();

    private final Supplier<Interleaving> interleaving;
    private final RecordBudget budget;
    private volatile IndexData data;
    private volatile IndexConfig config;
    private final long createdAtMillis;
    private volatile long updatedAtMillis;
    private volatile long lastTaskId;
    // The configuration, under the index's lock: maps a change does not copy whole, which the published
    // configurations share (read-only), so that a save costs what it changes.
    private ConfigMap<JsonNode> settings = ConfigMap.of();
    private ObjectNode publishedSettings;
    private long settingsBytes;
    private final Items synonyms = new Items();
    private final Items rules = new Items();
    /** What the configuration's changes copied, entries and references ({@link #copiedEntries()}). */
    private long copied;

    private boolean deleted;
    private boolean removalRequested;
    /** Set by the first write that kept the index: until then readers do not find it (see {@link #born()}). */
    private volatile boolean born;
    /** What the settings, synonyms and rules count in the budget ({@link ConfigBytes}), under the index's lock. */
    private long configBytes;

    IndexState(String name, long nowMillis, Supplier<Interleaving> interleaving, RecordBudget budget) {
        this.name = name;
        this.interleaving = interleaving;
        this.budget = budget;
        this.data = new IndexData();
        StoreHolds.hold(data, budget, false);
        this.createdAtMillis = nowMillis;
        this.updatedAtMillis = nowMillis;
        setSettings(ConfigMap.of(), ConfigBytes.ofEmptyObject());
        publishConfig();
    }

    /** {@return the index name} */
    public String name() {
        return name;
    }

    /**
     * {@return what the reader makes of the records and the configuration, both as of the same write}
     *
     * @param reader reads them; must not write to the application, nor keep them after returning
     * @param <T> what it returns
     */
    public <T> T read(BiFunction<IndexData, IndexConfig, T> reader) {
        contents.readLock().lock();
        try {
            return reader.apply(data, config);
        } finally {
            contents.readLock().unlock();
        }
    }

    /**
     * Like {@link #read}, for a reader of several indices (a listing, a sum of sizes): an index the write it waited
     * for removed (a move's source, a deleted index) is skipped, so a move's records are not seen in both indices.
     *
     * @param reader reads the records and the configuration; must not write to the application, nor keep them
     * @param <T> what it returns
     * @return what the reader returned, or {@code null} when the index is removed
     */
    public <T> T readUnlessRemoved(BiFunction<IndexData, IndexConfig, T> reader) {
        contents.readLock().lock();
        try {
            // written under the write's lock, before it let readers in
            return deleted ? null : reader.apply(data, config);
        } finally {
            contents.readLock().unlock();
        }
    }

    /** {@return the records} */
    public IndexData data() {
        return data;
    }

    /** {@return the settings, synonyms and rules as of the last write; do not mutate} */
    public IndexConfig config() {
        return config;
    }

    /**
     * {@return the synonym with this objectID as of the last write, or {@code null}; do not mutate}
     *
     * @param objectID a synonym's ID
     */
    public ObjectNode synonym(String objectID) {
        return byId(config.synonyms(), objectID);
    }

    /**
     * {@return the rule with this objectID as of the last write, or {@code null}; do not mutate}
     *
     * @param objectID a rule's ID
     */
    public ObjectNode rule(String objectID) {
        return byId(config.rules(), objectID);
    }

    private static ObjectNode byId(List<ObjectNode> published, String objectID) {
        // publishConfig publishes the maps by objectID themselves: a look-up, where a walk read every item
        if (published instanceof ConfigMap.Values<ObjectNode> byObjectID) {
            return byObjectID.byName(objectID);
        }
        throw new IllegalStateException("an index publishes its synonyms and rules by objectID");
    }

    /** {@return when the index was created, epoch milliseconds} */
    public long createdAtMillis() {
        return createdAtMillis;
    }

    /** {@return when the index was last written, epoch milliseconds} */
    public long updatedAtMillis() {
        return updatedAtMillis;
    }

    /** {@return the ID of the last task on this index, 0 for none} */
    public long lastTaskId() {
        return lastTaskId;
    }

    /**
     * Merges settings: a member set to null goes back to its default, others replace the current value.
     *
     * @param changes the members sent
     */
    public void mergeSettings(ObjectNode changes) {
        requireRoom(ConfigBytes.of(changes));
        ConfigMap<JsonNode> merged = settings;
        long bytes = settingsBytes;
        for (Map.Entry<String, JsonNode> change : changes.properties()) {
            String name = change.getKey();
            JsonNode former = merged.get(name);
            if (former != null) {
                bytes -= ConfigBytes.ofMember(name, former);
            }
            if (change.getValue().isNull()) {
                merged = merged.without(name);
            } else {
                JsonNode value = change.getValue().deepCopy();
                merged = merged.with(name, value);
                bytes += ConfigBytes.ofMember(name, value);
                copied++;
            }
            copied += merged.copied();
        }
        setSettings(merged, bytes);
        publishConfig();
    }

    private void setSettings(ConfigMap<JsonNode> next, long bytes) {
        settings = next;
        settingsBytes = bytes;
        // read-only: its members live in the map, which a change does not copy
        publishedSettings = new ObjectNode(JsonNodeFactory.instance, next.asMap());
    }

    /**
     * @param synonym a validated synonym; replaces the one with its objectID
     */
    public void saveSynonym(ObjectNode synonym) {
        requireRoom(ConfigBytes.of(synonym));
        synonyms.put(synonym.get("objectID").stringValue(), synonym);
        publishConfig();
    }

    /**
     * @param batch validated synonyms, saved in order
     * @param replaceExisting whether every other synonym is removed first
     */
    public void saveSynonyms(List<ObjectNode> batch, boolean replaceExisting) {
        requireRoom(ConfigBytes.ofAll(batch) - (replaceExisting ? synonyms.bytes : 0));
        if (replaceExisting) {
            synonyms.clear();
        }
        for (ObjectNode synonym : batch) {
            synonyms.put(synonym.get("objectID").stringValue(), synonym);
        }
        publishConfig();
    }

    /**
     * {@return whether it existed}
     *
     * @param objectID a synonym's ID
     */
    public boolean deleteSynonym(String objectID) {
        boolean removed = synonyms.remove(objectID);
        publishConfig();
        return removed;
    }

    /** Removes every synonym. */
    public void clearSynonyms() {
        synonyms.clear();
        publishConfig();
    }

    /**
     * @param batch validated rules, saved in order (each replaces the one with its objectID)
     * @param clearExisting whether every other rule is removed first (atomically, in the same write)
     */
    public void saveRules(List<ObjectNode> batch, boolean clearExisting) {
        requireRoom(ConfigBytes.ofAll(batch) - (clearExisting ? rules.bytes : 0));
        if (clearExisting) {
            rules.clear();
        }
        for (ObjectNode rule : batch) {
            rules.put(rule.get("objectID").stringValue(), rule);
        }
        publishConfig();
    }

    /**
     * {@return whether it existed}
     *
     * @param objectID a rule's ID
     */
    public boolean deleteRule(String objectID) {
        boolean removed = rules.remove(objectID);
        publishConfig();
        return removed;
    }

    /** Removes every rule. */
    public void clearRules() {
        rules.clear();
        publishConfig();
    }

    /** Drops the settings, synonyms and rules, as deleting the index does (the records go through a writer). */
    public void resetConfig() {
        setSettings(ConfigMap.of(), ConfigBytes.ofEmptyObject());
        synonyms.clear();
        rules.clear();
        publishConfig();
    }

    /**
     * Replaces the parts of this index's configuration named by the flags with another's: the very maps, which
     * neither index changes in place.
     *
     * @param source the index copied from
     * @param withSettings copy the settings
     * @param withSynonyms copy the synonyms
     * @param withRules copy the rules
     */
    public void copyConfigFrom(IndexState source, boolean withSettings, boolean withSynonyms, boolean withRules) {
        long growth = 0;
        if (withSettings) {
            growth += source.settingsBytes - settingsBytes;
        }
        if (withSynonyms) {
            growth += source.synonyms.bytes - synonyms.bytes;
        }
        if (withRules) {
            growth += source.rules.bytes - rules.bytes;
        }
        requireRoom(growth);
        if (withSettings) {
            setSettings(source.settings, source.settingsBytes);
        }
        if (withSynonyms) {
            synonyms.takeFrom(source.synonyms);
        }
        if (withRules) {
            rules.takeFrom(source.rules);
        }
        publishConfig();
    }

    /**
     * Replaces this index's configuration with the given one (seed documents).
     *
     * @param newSettings settings as set
     * @param newSynonyms synonyms (validated)
     * @param newRules rules
     */
    public void replaceConfig(ObjectNode newSettings, List<ObjectNode> newSynonyms, List<ObjectNode> newRules) {
        requireRoom(ConfigBytes.of(newSettings)
                + ConfigBytes.ofAll(newSynonyms)
                + ConfigBytes.ofAll(newRules)
                - configBytes);
        ConfigMap<JsonNode> replaced = ConfigMap.of();
        long bytes = ConfigBytes.ofEmptyObject();
        for (Map.Entry<String, JsonNode> member : newSettings.properties()) {
            JsonNode value = member.getValue().deepCopy();
            replaced = replaced.with(member.getKey(), value);
            bytes += ConfigBytes.ofMember(member.getKey(), value);
        }
        setSettings(replaced, bytes);
        synonyms.clear();
        newSynonyms.forEach(synonym -> synonyms.put(synonym.path("objectID").asString(""), synonym));
        rules.clear();
        newRules.forEach(rule -> rules.put(rule.path("objectID").asString(""), rule));
        publishConfig();
    }

    /**
     * {@return how many entries (settings' members, synonyms, rules) and references to them the changes of this
     *     index's configuration copied: a save's cost, which a test counts}
     */
    long copiedEntries() {
        return copied;
    }

    /** The synonyms or the rules of the index by objectID, and what they count in the budget; under its lock. */
    private final class Items {
        private ConfigMap<ObjectNode> map = ConfigMap.of();
        private long bytes;

        /** Saves a copy of the object, in place of the one with its objectID. */
        void put(String objectID, ObjectNode object) {
            ObjectNode former = map.get(objectID);
            ObjectNode copy = object.deepCopy();
            map = map.with(objectID, copy);
            bytes += ConfigBytes.of(copy) - (former == null ? 0 : ConfigBytes.of(former));
            copied += map.copied() + 1;
        }

        /** {@return whether the object was there} */
        boolean remove(String objectID) {
            ObjectNode former = map.get(objectID);
            if (former == null) {
                return false;
            }
            map = map.without(objectID);
            bytes -= ConfigBytes.of(former);
            copied += map.copied();
            return true;
        }

        void clear() {
            map = ConfigMap.of();
            bytes = 0;
        }

        void takeFrom(Items other) {
            map = other.map;
            bytes = other.bytes;
        }
    }

    /**
     * Takes over another index's records; the other index must be removed afterwards (move).
     *
     * @param source the index moved here
     */
    public void takeRecordsOf(IndexState source) {
        holdInstead(source.data);
        interleaving.get().reached(Interleaving.Point.RECORDS_REPLACED, name);
    }

    /**
     * Replaces the records with the given ones, in a store of this index's own (seed documents), so that an index
     * sharing the former store with a primary never writes the primary's records. They are refused when they do not
     * fit the budget of stored records once the former records are gone.
     *
     * @param records the records, each with its objectID
     * @throws io.quarry.mockserver.engine.EngineException 403 when they do not fit the budget of stored records
     */
    public void replaceRecords(List<ObjectNode> records) {
        IndexData previous = data;
        IndexData fresh = new IndexData();
        // built before it counts, then counted in place of the former records in one change: a reader of the budget
        // (monitoring's indexing RAM) sees the former records until the new ones take their place, never neither
        fresh.write(writer -> {
            records.forEach(record -> writer.put(record.deepCopy()));
            interleaving.get().reached(Interleaving.Point.SEED_BUILT, name);
            return null;
        });
        long kept = StoreHolds.releaseKeepingCount(previous);
        long reserved = StoreHolds.heapBytes(fresh);
        try {
            budget.take(reserved - kept);
        } catch (RuntimeException | Error refused) {
            StoreHolds.holdInPlaceOf(previous, budget, kept);
            throw refused;
        }
        StoreHolds.holdInPlaceOf(fresh, budget, reserved);
        data = fresh;
    }

    /**
     * Replaces the records with copies of another index's (copy), or with a copy of its own (a replica unlinked from
     * its primary). A copy from another index is refused, before anything is copied, when it would not fit the budget
     * of stored records once this index's own records are gone; a replica's own copy never is, so that deleting a
     * primary or changing its replicas always works.
     *
     * @param source the index copied from, or this index
     * @throws io.quarry.mockserver.engine.EngineException 403 when the copy does not fit
     */
    public void copyRecordsOf(IndexState source) {
        IndexData previous = data;
        // the budget goes from the former records to the copy's reservation, then to the copy, each in one change,
        // so that a reader of it (monitoring's indexing RAM) never sees this index count nothing, nor twice
        long kept = StoreHolds.releaseKeepingCount(previous);
        long reserved = source == this ? kept : StoreHolds.heapBytes(source.data);
        try {
            budget.take(reserved - kept);
        } catch (RuntimeException | Error refused) {
            StoreHolds.holdInPlaceOf(previous, budget, kept);
            throw refused;
        }
        IndexData copy = new IndexData();
        try {
            List<ObjectNode> records = source.data.records();
            copy.write(writer -> {
                records.forEach(writer::put);
                return null;
            });
        } catch (RuntimeException | Error failure) {
            StoreHolds.holdInPlaceOf(previous, budget, reserved);
            throw failure;
        }
        interleaving.get().reached(Interleaving.Point.COPY_MADE, name);
        StoreHolds.holdInPlaceOf(copy, budget, reserved);
        data = copy;
        interleaving.get().reached(Interleaving.Point.RECORDS_REPLACED, name);
    }

    /**
     * Makes the index hold records another index holds (a move, a replica linked): they count in the budget already,
     * and the former ones no longer do (unless another index holds them too).
     *
     * @param next the records to hold
     */
    private void holdInstead(IndexData next) {
        IndexData previous = data;
        if (next == previous) {
            return;
        }
        StoreHolds.hold(next, budget, false);
        StoreHolds.release(previous);
        data = next;
    }

    /** {@return the name in the {@code primary} setting: the index this one is a replica of, or {@code null}} */
    public String primaryName() {
        JsonNode primary = config.settings().get("primary");
        return primary != null && primary.isString() ? primary.stringValue() : null;
    }

    /** {@return the names its {@code replicas} setting lists, {@code virtual(...)} unwrapped} */
    public Set<String> replicaNames() {
        return ReplicaLinks.named(config.settings().get("replicas"));
    }

    /**
     * Makes this replica hold its primary's records: the very store, so each write to the primary reaches it in
     * the same write, atomically for searches.
     */
    void shareRecordsOf(IndexState primary) {
        holdInstead(primary.data);
    }

    /** {@return whether it holds the other index's very store of records} */
    boolean sharesRecordsWith(IndexState other) {
        return data == other.data;
    }

    /** Ends this replica's link: it drops its {@code primary} setting and keeps a copy of the records of its own. */
    void unlinkFromPrimary() {
        copyRecordsOf(this);
        ObjectNode change = Json.object();
        change.putNull("primary");
        mergeSettings(change);
    }

    /** Asks that the index be removed once the current write ends (delete index, batch {@code delete}). */
    public void requestRemoval() {
        removalRequested = true;
    }

    /** Cancels a removal asked earlier in the same write (a batch that writes again after {@code delete}). */
    public void cancelRemoval() {
        removalRequested = false;
    }

    private void publishConfig() {
        config = new IndexConfig(publishedSettings, synonyms.map.values(), rules.map.values());
        if (!deleted) {
            // never refused here: a growth was checked before the change, and a removal must always happen
            long now = settingsBytes + synonyms.bytes + rules.bytes;
            budget.addConfig(now - configBytes);
            configBytes = now;
        }
    }

    /**
     * Refuses a change of the settings, synonyms or rules that would take the budget past its capacity, before
     * anything changes (the record caches of every index give way first).
     *
     * @param growth an upper bound of what the change adds
     * @throws io.quarry.mockserver.engine.EngineException 403 when it does not fit
     */
    private void requireRoom(long growth) {
        budget.requireRoom(growth);
    }

    ReentrantLock lock() {
        return lock;
    }

    /** Makes {@link #read} wait until {@link #admitReaders()}: the write holding the lock has begun. */
    void holdReaders() {
        contents.writeLock().lock();
    }

    /** Lets {@link #read} in again, if this thread held it back. */
    void admitReaders() {
        if (contents.isWriteLockedByCurrentThread()) {
            contents.writeLock().unlock();
        }
    }

    /** {@return whether a reader waits for the write in progress} */
    boolean readersWaiting() {
        return contents.hasQueuedThreads();
    }

    /** {@return how many threads wait for the index's contents: readers for a write in progress, or writes} */
    int waiting() {
        return contents.getQueueLength();
    }

    boolean deleted() {
        return deleted;
    }

    /**
     * {@return whether a write creating the index has ended and kept it} An index is put where writers find it as
     * soon as a write creates it, before that write has locked it against readers; a reader finding it then saw it
     * empty, where it was to appear with the write's records (a query-suggestions build's first suggestions).
     */
    boolean born() {
        return born;
    }

    /** The write holding the index's lock keeps it: readers may find it from now on. */
    void markBorn() {
        born = true;
    }

    /** Takes the read lock of {@link #read}, for a reader of several indices at once; see {@link #unlockRead()}. */
    void lockRead() {
        contents.readLock().lock();
    }

    /** Lets go of the read lock {@link #lockRead()} took. */
    void unlockRead() {
        contents.readLock().unlock();
    }

    /**
     * Marks the index deleted: its records no longer count in the budget (unless another index holds them), nor its
     * settings, synonyms and rules.
     */
    void markDeleted() {
        if (!deleted) {
            deleted = true;
            StoreHolds.release(data);
            budget.addConfig(-configBytes);
            configBytes = 0;
        }
    }

    boolean removalRequested() {
        return removalRequested;
    }

    boolean takeRemovalRequest() {
        boolean requested = removalRequested;
        removalRequested = false;
        return requested;
    }

    void touch(long nowMillis, long taskId) {
        updatedAtMillis = nowMillis;
        lastTaskId = taskId;
    }
}
