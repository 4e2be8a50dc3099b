package io.quarry.mockserver.engine.internal.index;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * The ordinals of a store's live records by objectID: an open-addressing table of ordinals whose keys are read
 * from the records themselves, so that it costs a few bytes per record instead of a map entry, a boxed ordinal
 * and a table slot. Each slot also keeps its key's hash, so a probe reads a record only when the hashes agree.
 * Not thread-safe: the owner guards it.
 */
final class OrdinalTable {

    private static final int EMPTY = -1;
    private static final int REMOVED = -2;

    private final IntFunction<String> objectIdAt;
    private int[] slots = emptySlots(16);
    private int[] hashes = new int[16];
    private int size;
    private int used;

    /**
     * @param objectIdAt the objectID of the live record at an ordinal held by the table
     */
    OrdinalTable(IntFunction<String> objectIdAt) {
        this.objectIdAt = objectIdAt;
    }

    private static int[] emptySlots(int capacity) {
        int[] slots = new int[capacity];
        Arrays.fill(slots, EMPTY);
        return slots;
    }

    private static int hash(String objectID) {
        int h = objectID.hashCode() * 0x9E3779B1;
        return h ^ (h >>> 16);
    }

    /**
     * {@return its ordinal, or -1 when absent}
     *
     * @param objectID a record's ID
     */
    int get(String objectID) {
        int slot = find(objectID);
        return slot < 0 ? -1 : slots[slot];
    }

    /** {@return the slot holding the objectID's ordinal, or -1} */
    private int find(String objectID) {
        int mask = slots.length - 1;
        int hash = hash(objectID);
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            int ordinal = slots[slot];
            if (ordinal == EMPTY) {
                return -1;
            }
            if (ordinal != REMOVED
                    && hashes[slot] == hash
                    && objectIdAt.apply(ordinal).equals(objectID)) {
                return slot;
            }
        }
    }

    /**
     * Adds an objectID that the table does not hold; its record must already be readable at the ordinal.
     *
     * @param objectID the record's ID
     * @param ordinal its ordinal
     */
    void add(String objectID, int ordinal) {
        if ((used + 1) * 3L > slots.length * 2L) {
            rehash(size + 1 > slots.length / 3 ? slots.length * 2 : slots.length);
        }
        int mask = slots.length - 1;
        int hash = hash(objectID);
        int slot = hash & mask;
        while (slots[slot] >= 0) {
            slot = (slot + 1) & mask;
        }
        if (slots[slot] == EMPTY) {
            used++;
        }
        slots[slot] = ordinal;
        hashes[slot] = hash;
        size++;
    }

    /**
     * Removes an objectID; call it while its record is still readable at its ordinal.
     *
     * @param objectID a record's ID
     * @return its ordinal, or -1 when absent
     */
    int remove(String objectID) {
        int slot = find(objectID);
        if (slot < 0) {
            return -1;
        }
        int ordinal = slots[slot];
        slots[slot] = REMOVED;
        size--;
        return ordinal;
    }

    /** {@return the number of objectIDs held} */
    int size() {
        return size;
    }

    /** Copies the live ordinals into a table of the given capacity (dropping removed slots). */
    private void rehash(int capacity) {
        int[] old = slots;
        int[] oldHashes = hashes;
        slots = emptySlots(capacity);
        hashes = new int[capacity];
        int mask = capacity - 1;
        for (int i = 0; i < old.length; i++) {
            if (old[i] >= 0) {
                int slot = oldHashes[i] & mask;
                while (slots[slot] != EMPTY) {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = old[i];
                hashes[slot] = oldHashes[i];
            }
        }
        used = size;
    }
}
