package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.filter.RecordFilter;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** Finds the hits of a query: candidates from the inverted index (narrowed by the words the filter requires), then the filter, then the textual match. */
public final class Matching {

    private Matching() {
    }

    /**
     * @param store the records
     * @param readings the readings of the query (the first is the query as typed)
     * @param matcher scores records
     * @param filter the compiled filters
     * @return every hit, unordered; a record matching several readings keeps the first reading's match
     */
    public static List<Hit> hits(RecordStore store, List<List<QueryWord>> readings, RecordMatcher matcher,
            RecordFilter filter) {
        List<Hit> hits = new ArrayList<>();
        BitSet found = new BitSet(store.ordinalLimit());
        for (int r = 0; r < readings.size(); r++) {
            List<QueryWord> words = readings.get(r);
            BitSet candidates = Candidates.of(store, words);
            for (String term : filter.requiredTerms()) {
                candidates.and(Candidates.holding(store, term));
            }
            candidates.andNot(found);
            for (int ordinal = candidates.nextSetBit(0); ordinal >= 0; ordinal = candidates.nextSetBit(ordinal + 1)) {
                IndexedRecord record = store.at(ordinal);
                if (record == null || !filter.test(record)) {
                    continue;
                }
                Match match = words.isEmpty() ? Match.EMPTY_QUERY : matcher.match(record, words);
                if (match != null) {
                    hits.add(new Hit(record, match, r));
                    found.set(ordinal);
                }
            }
        }
        return hits;
    }
}
