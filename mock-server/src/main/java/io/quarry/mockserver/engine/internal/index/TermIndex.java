package io.quarry.mockserver.engine.internal.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The inverted index: every normalised word -> the ordinals of the records holding it. The dictionary is sorted
 * (prefix lookups are a sub-map) and also bucketed by word length (typo candidates only differ by a few letters).
 * Postings may reference removed records; readers skip ordinals whose record is gone.
 */
public final class TermIndex {

    private final TreeMap<String, IntList> postings = new TreeMap<>();
    private final List<List<String>> termsByLength = new ArrayList<>();

    /**
     * @param term a normalised word
     * @param ordinal the record holding it; ordinals must be added in increasing order
     */
    public void add(String term, int ordinal) {
        IntList list = postings.get(term);
        if (list == null) {
            list = new IntList();
            postings.put(term, list);
            int length = term.length();
            while (termsByLength.size() <= length) {
                termsByLength.add(new ArrayList<>());
            }
            termsByLength.get(length).add(term);
        }
        list.addIfNotLast(ordinal);
    }

    /**
     * @param term a normalised word
     * @return its postings, or {@code null}
     */
    public IntList postings(String term) {
        return postings.get(term);
    }

    /**
     * @param prefix a normalised word start
     * @return every term starting with it, with its postings
     */
    public NavigableMap<String, IntList> withPrefix(String prefix) {
        if (prefix.isEmpty()) {
            return postings;
        }
        return postings.subMap(prefix, true, prefix + Character.MAX_VALUE, false);
    }

    /**
     * @param length a word length
     * @return the terms of exactly that length
     */
    public List<String> termsOfLength(int length) {
        return length >= 0 && length < termsByLength.size() ? termsByLength.get(length) : List.of();
    }

    /** @return the length of the longest term */
    public int maxLength() {
        return termsByLength.size() - 1;
    }

    /** @return every term with its postings, sorted */
    public Map<String, IntList> all() {
        return postings;
    }
}
