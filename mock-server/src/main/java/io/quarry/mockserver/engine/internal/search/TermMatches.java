package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.TermDictionary;
import java.util.Arrays;
import java.util.Map;

/**
 * The terms of one query word by word id (an open-addressing table): records hold their words as ids, and a
 * lookup per word of a record must cost little, since a search looks up every word of every candidate.
 */
final class TermMatches {

    private final int[] keys;
    private final TermMatch[] values;
    private final int mask;

    /**
     * @param terms the word's terms with how each matches
     * @param dictionary the ids of the records' words (terms no record holds are left out)
     */
    TermMatches(Map<String, TermMatch> terms, TermDictionary dictionary) {
        int capacity = Integer.highestOneBit(Math.max(4, terms.size() * 2 - 1)) << 1;
        keys = new int[capacity];
        Arrays.fill(keys, -1);
        values = new TermMatch[capacity];
        mask = capacity - 1;
        for (Map.Entry<String, TermMatch> entry : terms.entrySet()) {
            int id = dictionary.wordId(entry.getKey());
            if (id >= 0) {
                int slot = slot(id);
                keys[slot] = id;
                values[slot] = entry.getValue();
            }
        }
    }

    private int slot(int id) {
        int slot = (id * 0x9E3779B1) >>> 7 & mask;
        while (keys[slot] != -1 && keys[slot] != id) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    /**
     * {@return how that word matches, or {@code null}}
     *
     * @param id a word id
     */
    TermMatch get(int id) {
        int slot = (id * 0x9E3779B1) >>> 7 & mask;
        while (true) {
            int key = keys[slot];
            if (key == id) {
                return values[slot];
            }
            if (key == -1) {
                return null;
            }
            slot = (slot + 1) & mask;
        }
    }
}
