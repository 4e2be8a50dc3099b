package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.IntList;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.index.TermIndex;
import java.util.BitSet;
import java.util.List;

/** Finds, through the inverted index, the records holding every query word of a reading (in any attribute). */
public final class Candidates {

    private Candidates() {}

    /**
     * {@return the ordinals holding a match of every required word (of any word when all are optional), or every
     *     ordinal for the empty query}
     *
     * @param store the records
     * @param words a reading of the query
     */
    public static BitSet of(RecordStore store, List<QueryWord> words) {
        BitSet result = null;
        TermIndex index = store.terms();
        boolean allOptional = !words.isEmpty() && words.stream().allMatch(QueryWord::optional);
        if (allOptional) {
            BitSet any = new BitSet(store.ordinalLimit());
            for (QueryWord word : words) {
                any.or(of(store, List.of(word.asRequired())));
            }
            return any;
        }
        for (QueryWord word : words) {
            if (word.optional()) {
                continue;
            }
            BitSet wordSet = new BitSet(store.ordinalLimit());
            for (String term : word.terms().keySet()) {
                addAll(wordSet, index.postings(term));
            }
            for (List<String> phrase : word.phrases()) {
                BitSet phraseSet = null;
                for (String term : phrase) {
                    BitSet termSet = new BitSet(store.ordinalLimit());
                    addAll(termSet, index.postings(term));
                    if (phraseSet == null) {
                        phraseSet = termSet;
                    } else {
                        phraseSet.and(termSet);
                    }
                }
                if (phraseSet != null) {
                    wordSet.or(phraseSet);
                }
            }
            if (result == null) {
                result = wordSet;
            } else {
                result.and(wordSet);
            }
            if (result.isEmpty()) {
                return result;
            }
        }
        if (result == null) {
            result = new BitSet(store.ordinalLimit());
            result.set(0, store.ordinalLimit());
        }
        return result;
    }

    /**
     * {@return the ordinals holding it}
     *
     * @param store the records
     * @param term a normalised word
     */
    public static BitSet holding(RecordStore store, String term) {
        BitSet set = new BitSet(store.ordinalLimit());
        addAll(set, store.terms().postings(term));
        return set;
    }

    private static void addAll(BitSet set, IntList postings) {
        if (postings == null) {
            return;
        }
        for (int i = 0; i < postings.size(); i++) {
            set.set(postings.get(i));
        }
    }
}
