package io.quarry.mockserver.engine.internal.index;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Numbers the distinct words and attribute paths of a store, so that records keep their words as ints and share
 * one instance of each text. Words and paths are numbered separately. Not thread-safe: written under the owner's
 * write lock, read under its read lock.
 */
public final class TermDictionary {

    /**
     * Heap bytes a distinct word costs besides its characters: its string, its entry in the table here, and in the
     * inverted index its posting list, its entry in the sorted map and its slot among the typo candidates.
     */
    static final int WORD_BYTES = 232;

    /** Heap bytes a distinct attribute path costs besides its characters: its string and its entry here. */
    static final int PATH_BYTES = 112;

    private final Table words = new Table();
    private final Table paths = new Table();
    private long heapBytes;

    /**
     * {@return its id, or -1 when no record holds it}
     *
     * @param word a normalised word
     */
    public int wordId(String word) {
        return words.id(word);
    }

    /**
     * {@return the word}
     *
     * @param id a word id
     */
    public String word(int id) {
        return words.texts[id];
    }

    /** {@return one more than the largest word id} */
    public int wordCount() {
        return words.size;
    }

    /**
     * {@return its id, or -1 when no record has it}
     *
     * @param path a dotted attribute path
     */
    public int pathId(String path) {
        return paths.id(path);
    }

    /**
     * {@return the path}
     *
     * @param id a path id
     */
    public String path(int id) {
        return paths.texts[id];
    }

    /** {@return one more than the largest path id} */
    public int pathCount() {
        return paths.size;
    }

    /** {@return an estimate of the heap the words and paths hold, here and in the inverted index} */
    long heapBytes() {
        return heapBytes;
    }

    int internWord(String word) {
        int before = words.size;
        int id = words.intern(word);
        if (words.size != before) {
            heapBytes += WORD_BYTES + 2L * word.length();
        }
        return id;
    }

    int internPath(String path) {
        int before = paths.size;
        int id = paths.intern(path);
        if (paths.size != before) {
            heapBytes += PATH_BYTES + 2L * path.length();
        }
        return id;
    }

    /** Texts by id and ids by text. */
    private static final class Table {
        private final Map<String, Integer> ids = new HashMap<>();
        private String[] texts = new String[16];
        private int size;

        int id(String text) {
            Integer id = ids.get(text);
            return id == null ? -1 : id;
        }

        int intern(String text) {
            Integer known = ids.get(text);
            if (known != null) {
                return known;
            }
            if (size == texts.length) {
                texts = Arrays.copyOf(texts, size * 2);
            }
            texts[size] = text;
            ids.put(text, size);
            return size++;
        }
    }
}
