package io.quarry.mockserver.engine.internal.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * The inverted index: every normalised word -> the ordinals of the records holding it, in a hash map for exact
 * lookups and a sorted map for prefix lookups (a sub-map), and also bucketed by word length with a character
 * mask per word (typo candidates differ by a few letters, and the masks discard most words without computing a
 * distance). Postings may reference removed records; readers skip ordinals whose record is gone.
 *
 * <p>Writes happen under the owner's write lock; the expansion cache is safe for the concurrent readers.
 */
public final class TermIndex {

    private static final int CACHE_LIMIT = 4096;
    /**
     * The most terms the cached expansions may hold in all: one expansion of a short word with typos or as a prefix
     * can hold every term of the index, so a count of expansions alone would let the cache keep thousands of
     * copies of the dictionary.
     */
    private static final long CACHE_WEIGHT_LIMIT = 1_000_000;

    private final TermDictionary dictionary;
    private IntList[] postings = new IntList[64];
    private final TreeMap<String, IntList> sorted = new TreeMap<>();
    private final java.util.BitSet typoCandidates = new java.util.BitSet();
    private final List<Bucket> buckets = new ArrayList<>();
    private final Map<String, CachedExpansion> expansions = new ConcurrentHashMap<>();
    private final AtomicLong cachedWeight = new AtomicLong();
    private volatile long dictionaryVersion;

    /** The terms of one length with their character masks. */
    public static final class Bucket {
        private String[] terms = new String[4];
        private long[] masks = new long[4];
        private int size;

        void add(String term) {
            if (size == terms.length) {
                terms = Arrays.copyOf(terms, size * 2);
                masks = Arrays.copyOf(masks, size * 2);
            }
            terms[size] = term;
            masks[size] = TermIndex.mask(term, term.length());
            size++;
        }

        /** {@return the number of terms} */
        public int size() {
            return size;
        }

        /**
         * {@return the term there}
         *
         * @param i a position below {@link #size()}
         */
        public String term(int i) {
            return terms[i];
        }

        /**
         * {@return the character mask of the term there}
         *
         * @param i a position below {@link #size()}
         */
        public long mask(int i) {
            return masks[i];
        }
    }

    private record CachedExpansion(long version, Object value) {}

    /**
     * A set of the characters of a word's start, hashed to 64 bits: the number of characters of a query word
     * missing from a term's mask is a lower bound of their edit distance.
     *
     * @param text a word
     * @param length how many leading characters to include
     * @return the mask
     */
    public static long mask(String text, int length) {
        long mask = 0;
        int end = Math.min(length, text.length());
        for (int i = 0; i < end; i++) {
            mask |= 1L << (text.charAt(i) & 63);
        }
        return mask;
    }

    /**
     * @param dictionary numbers the words of the postings
     */
    public TermIndex(TermDictionary dictionary) {
        this.dictionary = dictionary;
    }

    /**
     * @param termId a word id of the dictionary
     * @param ordinal the record holding it; ordinals must be added in increasing order
     * @param typoCandidate whether typo variants of query words may match it (not for words found only in
     *     objectIDs, which would flood the typo scan with one unique word per record)
     * @return whether a posting was added (not when the record already had one for the word)
     */
    public boolean add(int termId, int ordinal, boolean typoCandidate) {
        if (termId >= postings.length) {
            postings = Arrays.copyOf(postings, Math.max(termId + 1, postings.length * 2));
        }
        IntList list = postings[termId];
        if (list == null) {
            list = new IntList();
            postings[termId] = list;
            sorted.put(dictionary.word(termId), list);
            dictionaryVersion++;
        }
        if (typoCandidate && !typoCandidates.get(termId)) {
            typoCandidates.set(termId);
            String term = dictionary.word(termId);
            int length = term.length();
            while (buckets.size() <= length) {
                buckets.add(new Bucket());
            }
            buckets.get(length).add(term);
            dictionaryVersion++;
        }
        return list.addIfNotLast(ordinal);
    }

    /**
     * {@return its postings, or {@code null}}
     *
     * @param term a normalised word
     */
    public IntList postings(String term) {
        return postings(dictionary.wordId(term));
    }

    /**
     * {@return its postings, or {@code null}}
     *
     * @param termId a word id of the dictionary, or -1
     */
    public IntList postings(int termId) {
        return termId >= 0 && termId < postings.length ? postings[termId] : null;
    }

    /**
     * {@return every term starting with it, with its postings}
     *
     * @param prefix a normalised word start
     */
    public NavigableMap<String, IntList> withPrefix(String prefix) {
        if (prefix.isEmpty()) {
            return sorted;
        }
        return sorted.subMap(prefix, true, prefix + Character.MAX_VALUE, false);
    }

    /**
     * {@return the terms of exactly that length, or {@code null} when there are none}
     *
     * @param length a word length
     */
    public Bucket termsOfLength(int length) {
        return length >= 0 && length < buckets.size() ? buckets.get(length) : null;
    }

    /** {@return the length of the longest term} */
    public int maxLength() {
        return buckets.size() - 1;
    }

    /**
     * Returns a cached value computed from the dictionary (not the postings), recomputing it when a term was
     * added since.
     *
     * @param key what the value is for
     * @param compute computes it
     * @param weight how many terms a value holds (the cache keeps {@value #CACHE_WEIGHT_LIMIT} in all)
     * @param <T> the value type
     * @return the value; callers must not mutate it
     */
    @SuppressWarnings("unchecked")
    public <T> T cached(String key, Supplier<T> compute, ToIntFunction<T> weight) {
        long version = dictionaryVersion;
        CachedExpansion hit = expansions.get(key);
        if (hit != null && hit.version() == version) {
            return (T) hit.value();
        }
        T value = compute.get();
        int added = weight.applyAsInt(value);
        if (added > CACHE_WEIGHT_LIMIT) {
            return value;
        }
        if (expansions.size() >= CACHE_LIMIT || cachedWeight.addAndGet(added) > CACHE_WEIGHT_LIMIT) {
            expansions.clear();
            cachedWeight.set(added);
        }
        expansions.put(key, new CachedExpansion(version, value));
        return value;
    }
}
