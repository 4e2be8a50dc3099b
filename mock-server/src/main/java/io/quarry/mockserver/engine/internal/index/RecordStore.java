package io.quarry.mockserver.engine.internal.index;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import tools.jackson.databind.node.ObjectNode;

/**
 * The records of one index by ordinal, with their inverted index. Not thread-safe: the owner guards it.
 *
 * <p>A replaced or removed record leaves a dead slot; when dead slots outnumber live ones the store renumbers
 * the live records and rebuilds the postings (amortised, so writes stay cheap).
 */
public final class RecordStore {

    private static final int COMPACTION_FLOOR = 1024;

    /** Heap bytes of one posting: an int of a list grown by half when full. */
    static final int POSTING_BYTES = 5;

    private List<IndexedRecord> byOrdinal = new ArrayList<>();
    private OrdinalTable ordinalById = new OrdinalTable(this::objectIdAt);
    private TermDictionary dictionary = new TermDictionary();
    private TermIndex terms = new TermIndex(dictionary);
    private long nextSequence;
    private long dataSize;
    // The heap estimate (heapBytes): the live records' own, and the postings the inverted index holds.
    private long recordBytes;
    private long postingCount;
    private long generation;
    // Names this content until it is cleared, so that a browse cursor cannot continue over other content.
    private long lineage = ThreadLocalRandom.current().nextLong();
    // Bumped when ordinals are renumbered: the columns built before are dropped.
    private long layout;
    private final StoreCaches caches = new StoreCaches();

    /**
     * {@return the live record, or {@code null}}
     *
     * @param objectID a record's ID
     */
    public IndexedRecord get(String objectID) {
        int ordinal = ordinalById.get(objectID);
        return ordinal < 0 ? null : byOrdinal.get(ordinal);
    }

    /**
     * Adds or replaces a record; a replaced record keeps its insertion sequence.
     *
     * @param record the record, holding a string objectID; owned by the store afterwards
     * @return the record it replaced, or {@code null}
     */
    public IndexedRecord put(ObjectNode record) {
        String objectID = record.path("objectID").asString();
        IndexedRecord previous = removeSlot(objectID);
        long sequence = previous != null ? previous.sequence() : nextSequence++;
        append(new IndexedRecord(record, sequence, dictionary));
        generation++;
        return previous;
    }

    /**
     * Puts back a record exactly as it was (used to undo a failed write group).
     *
     * @param record a record previously returned by {@link #put} or {@link #remove}
     */
    public void restore(IndexedRecord record) {
        removeSlot(record.objectID());
        record.remap(dictionary);
        append(record);
        generation++;
    }

    /**
     * {@return the removed record, or {@code null} when absent}
     *
     * @param objectID a record's ID
     */
    public IndexedRecord remove(String objectID) {
        IndexedRecord removed = removeSlot(objectID);
        if (removed != null) {
            generation++;
            compactIfSparse();
        }
        return removed;
    }

    /** Removes every record. */
    public void clear() {
        byOrdinal = new ArrayList<>();
        ordinalById = new OrdinalTable(this::objectIdAt);
        dictionary = new TermDictionary();
        terms = new TermIndex(dictionary);
        dataSize = 0;
        recordBytes = 0;
        postingCount = 0;
        generation++;
        layout++;
        lineage = ThreadLocalRandom.current().nextLong();
    }

    private String objectIdAt(int ordinal) {
        return byOrdinal.get(ordinal).objectID();
    }

    private IndexedRecord removeSlot(String objectID) {
        int ordinal = ordinalById.remove(objectID);
        if (ordinal < 0) {
            return null;
        }
        IndexedRecord removed = byOrdinal.set(ordinal, null);
        dataSize -= removed.approximateSize();
        recordBytes -= removed.heapBytes();
        return removed;
    }

    private void append(IndexedRecord record) {
        int ordinal = byOrdinal.size();
        record.assignOrdinal(ordinal);
        byOrdinal.add(record);
        ordinalById.add(record.objectID(), ordinal);
        dataSize += record.approximateSize();
        recordBytes += record.heapBytes();
        index(record, ordinal);
        compactIfSparse();
    }

    private void compactIfSparse() {
        int dead = byOrdinal.size() - ordinalById.size();
        if (dead < COMPACTION_FLOOR || dead < ordinalById.size()) {
            return;
        }
        List<IndexedRecord> live = new ArrayList<>(ordinalById.size());
        for (IndexedRecord record : byOrdinal) {
            if (record != null) {
                live.add(record);
            }
        }
        byOrdinal = new ArrayList<>(live.size());
        ordinalById = new OrdinalTable(this::objectIdAt);
        layout++;
        // A new dictionary drops the words of the removed records.
        dictionary = new TermDictionary();
        terms = new TermIndex(dictionary);
        postingCount = 0;
        for (IndexedRecord record : live) {
            record.remap(dictionary);
            int ordinal = byOrdinal.size();
            record.assignOrdinal(ordinal);
            byOrdinal.add(record);
            ordinalById.add(record.objectID(), ordinal);
            index(record, ordinal);
        }
    }

    /** Adds the words of other attributes first: those found only in the objectID are no typo candidates. */
    private void index(IndexedRecord record, int ordinal) {
        int[] tokens = record.tokens();
        int objectIdPath = dictionary.pathId("objectID");
        for (int pass = 0; pass < 2; pass++) {
            boolean attributes = pass == 0;
            int i = 0;
            while (i < tokens.length) {
                int count = tokens[i + 1];
                if ((tokens[i] != objectIdPath) == attributes) {
                    for (int k = i + 2; k < i + 2 + count; k++) {
                        if (terms.add(tokens[k], ordinal, attributes)) {
                            postingCount++;
                        }
                    }
                }
                i += 2 + count;
            }
        }
    }

    /**
     * {@return the live record there, or {@code null} for a dead slot}
     *
     * @param ordinal a record ordinal below {@link #ordinalLimit()}
     */
    public IndexedRecord at(int ordinal) {
        return byOrdinal.get(ordinal);
    }

    /** {@return one more than the largest ordinal in use} */
    public int ordinalLimit() {
        return byOrdinal.size();
    }

    /** {@return the ids of the words and paths of the records} */
    public TermDictionary dictionary() {
        return dictionary;
    }

    /** {@return the inverted index} */
    public TermIndex terms() {
        return terms;
    }

    /** {@return the number of live records} */
    public int size() {
        return ordinalById.size();
    }

    /** {@return the approximate size of the records as JSON} */
    public long dataSize() {
        return dataSize;
    }

    /**
     * {@return an estimate of the heap the records and the structures searching them hold} Kept up to date by every
     * write: the live records' bytes, words and slots, and the postings and the dictionary of words, which stay
     * until the store compacts (once removed records outnumber live ones) or is cleared. The columns and orders
     * searches build are caches, counted apart ({@link #cachedBytes()}).
     */
    public long heapBytes() {
        return recordBytes + POSTING_BYTES * postingCount + dictionary.heapBytes();
    }

    /** {@return a number that changes on every write (for caches keyed on the index content)} */
    public long generation() {
        return generation;
    }

    /**
     * {@return a random number naming this content: drawn anew when the store is created or cleared, kept by every
     *     other write}
     */
    public long lineage() {
        return lineage;
    }

    /**
     * Returns the numeric column of an attribute, built on first use and extended with the records written
     * since on later uses. Call it under the owner's read lock.
     *
     * @param path a dotted attribute path
     * @return its column, covering every ordinal
     */
    public NumericColumn numericColumn(String path) {
        return caches.numericColumn(this, path, layout);
    }

    /**
     * Returns the facet column of an attribute, built on first use and extended with the records written since
     * on later uses. Call it under the owner's read lock.
     *
     * @param path a dotted attribute path
     * @return its column, covering every ordinal
     */
    public FacetColumn facetColumn(String path) {
        return caches.facetColumn(this, path, layout);
    }

    /**
     * Returns the live ordinals sorted by an order, sorted on first use and kept until the next write. Call it
     * under the owner's read lock.
     *
     * @param key identifies the order among the orders cached
     * @param order the order
     * @return the live ordinals in that order (do not modify)
     */
    public int[] sortedOrdinals(String key, Comparator<IndexedRecord> order) {
        return caches.sortedOrdinals(this, key, order, generation);
    }

    /**
     * Counts the columns and orders searches build in a budget from now on, or in none. Call it under the owner's
     * write lock.
     *
     * @param budget the budget of the application of the indices holding the store, or {@code null} when none does
     */
    public void countCachesIn(RecordBudget budget) {
        caches.countIn(budget);
    }

    /** {@return an estimate of the heap the columns and orders kept for searches hold} */
    public long cachedBytes() {
        return caches.counted();
    }

    /** {@return the live records sorted by objectID} */
    public List<IndexedRecord> sortedById() {
        List<IndexedRecord> live = new ArrayList<>(ordinalById.size());
        for (IndexedRecord record : byOrdinal) {
            if (record != null) {
                live.add(record);
            }
        }
        live.sort(Comparator.comparing(IndexedRecord::objectID));
        return live;
    }
}
