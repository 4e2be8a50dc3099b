package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.filter.RecordFilter;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Finds the hits of a query: candidates from the inverted index (narrowed by the words the filter requires), then
 * the filter, then the textual match.
 */
public final class Matching {

    private final RecordStore store;
    private final List<List<QueryWord>> readings;
    private final RecordMatcher matcher;
    private final RecordFilter filter;
    private final BitSet[] candidates;
    private final BitSet anyCandidate;

    /**
     * @param store the records, read-locked
     * @param readings the readings of the query (the first is the query as typed)
     * @param matcher scores records
     * @param filter the compiled filters
     */
    public Matching(RecordStore store, List<List<QueryWord>> readings, RecordMatcher matcher, RecordFilter filter) {
        this.store = store;
        this.readings = readings;
        this.matcher = matcher;
        this.filter = filter;
        this.candidates = new BitSet[readings.size()];
        this.anyCandidate = new BitSet(store.ordinalLimit());
        for (int r = 0; r < readings.size(); r++) {
            BitSet set = Candidates.of(store, readings.get(r));
            for (String term : filter.requiredTerms()) {
                set.and(Candidates.holding(store, term));
            }
            candidates[r] = set;
            anyCandidate.or(set);
        }
    }

    /** {@return the record scorer} */
    public RecordMatcher matcher() {
        return matcher;
    }

    /** {@return the compiled filters} */
    public RecordFilter filter() {
        return filter;
    }

    /** {@return the readings of the query} */
    public List<List<QueryWord>> readings() {
        return readings;
    }

    /** {@return every hit in ordinal order; a record matching several readings keeps the first reading's match} */
    public List<Hit> hits() {
        List<Hit> hits = new ArrayList<>();
        for (int ordinal = anyCandidate.nextSetBit(0); ordinal >= 0; ordinal = anyCandidate.nextSetBit(ordinal + 1)) {
            Hit hit = evaluate(ordinal);
            if (hit != null) {
                hits.add(hit);
            }
        }
        return hits;
    }

    /**
     * {@return the record's hit, or {@code null} when it does not match or does not pass the filters}
     *
     * @param ordinal a record ordinal
     */
    public Hit evaluate(int ordinal) {
        if (!anyCandidate.get(ordinal)) {
            return null;
        }
        IndexedRecord record = store.at(ordinal);
        if (record == null || !filter.test(record, ordinal)) {
            return null;
        }
        for (int r = 0; r < readings.size(); r++) {
            if (!candidates[r].get(ordinal)) {
                continue;
            }
            List<QueryWord> words = readings.get(r);
            Match match = words.isEmpty() ? Match.EMPTY_QUERY : matcher.match(record, words);
            if (match != null) {
                return new Hit(record, match, r);
            }
        }
        return null;
    }
}
