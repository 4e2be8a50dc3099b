package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.Leaf;
import io.quarry.mockserver.engine.internal.text.Token;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores a record against one reading of the query: every query word must match a word of a searchable
 * attribute (AND semantics); the result carries the values of the textual ranking criteria.
 */
public final class RecordMatcher {

    /** Distance assumed between words of different attributes, and the cap of one pair's proximity. */
    static final int MAX_PROXIMITY = 8;
    private static final int MAX_POSITIONS = 16;
    private static final int ATTRIBUTE_SPAN = 1000;

    private final SearchableAttributes searchable;
    private final String exactOnSingleWordQuery;

    /**
     * @param searchable the searchable attributes
     * @param exactOnSingleWordQuery {@code attribute} (the whole attribute must equal the word), {@code word} or
     *     {@code none}
     */
    public RecordMatcher(SearchableAttributes searchable, String exactOnSingleWordQuery) {
        this.searchable = searchable;
        this.exactOnSingleWordQuery = exactOnSingleWordQuery;
    }

    /**
     * @param record a record
     * @param words one reading of the query (non-empty)
     * @return its match, or {@code null} when a query word matches no searchable word
     */
    public Match match(IndexedRecord record, List<QueryWord> words) {
        int n = words.size();
        int[] typos = new int[n];
        Arrays.fill(typos, Integer.MAX_VALUE);
        boolean[] exact = new boolean[n];
        int[] firstMatched = new int[n];
        Arrays.fill(firstMatched, Integer.MAX_VALUE);
        int[][] positions = new int[n][MAX_POSITIONS];
        int[] positionCount = new int[n];
        boolean wholeAttributeExact = false;
        Map<Integer, Integer> nextPosition = new HashMap<>();
        for (Leaf leaf : record.leaves()) {
            List<Token> tokens = leaf.tokens();
            if (tokens.isEmpty()) {
                continue;
            }
            int rank = searchable.rank(leaf.path());
            if (rank == SearchableAttributes.NOT_SEARCHABLE) {
                continue;
            }
            boolean ordered = searchable.ordered(leaf.path());
            int start = nextPosition.getOrDefault(rank, 0);
            nextPosition.put(rank, start + tokens.size() + MAX_PROXIMITY);
            for (int k = 0; k < tokens.size(); k++) {
                String term = tokens.get(k).term();
                int position = rank * ATTRIBUTE_SPAN + Math.min(start + k, ATTRIBUTE_SPAN - 1);
                int attributeScore = rank * ATTRIBUTE_SPAN + (ordered ? Math.min(start + k, ATTRIBUTE_SPAN - 1) : 0);
                for (int w = 0; w < n; w++) {
                    QueryWord word = words.get(w);
                    TermMatch termMatch = word.terms().get(term);
                    if (termMatch == null && phraseAt(word, tokens, k)) {
                        termMatch = new TermMatch(0, false, term.length());
                    }
                    if (termMatch == null) {
                        continue;
                    }
                    typos[w] = Math.min(typos[w], termMatch.typos());
                    exact[w] |= termMatch.exact();
                    firstMatched[w] = Math.min(firstMatched[w], attributeScore);
                    if (positionCount[w] < MAX_POSITIONS) {
                        positions[w][positionCount[w]++] = position;
                    }
                    if (n == 1 && termMatch.exact() && isWholeValue(word, tokens)) {
                        wholeAttributeExact = true;
                    }
                }
            }
        }
        int totalTypos = 0;
        int exactWords = 0;
        int best = Integer.MAX_VALUE;
        for (int w = 0; w < n; w++) {
            if (typos[w] == Integer.MAX_VALUE) {
                return null;
            }
            totalTypos += typos[w];
            exactWords += exact[w] ? 1 : 0;
            best = Math.min(best, firstMatched[w]);
        }
        if (n == 1) {
            exactWords = switch (exactOnSingleWordQuery) {
                case "none" -> 0;
                case "word" -> exactWords;
                default -> wholeAttributeExact ? 1 : 0;
            };
        }
        int proximity = 0;
        for (int w = 0; w + 1 < n; w++) {
            proximity += closest(positions[w], positionCount[w], positions[w + 1], positionCount[w + 1]);
        }
        return new Match(totalTypos, n, proximity, best, exactWords);
    }

    private static boolean phraseAt(QueryWord word, List<Token> tokens, int k) {
        for (List<String> phrase : word.phrases()) {
            if (k + phrase.size() > tokens.size()) {
                continue;
            }
            boolean all = true;
            for (int i = 0; i < phrase.size() && all; i++) {
                all = tokens.get(k + i).term().equals(phrase.get(i));
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private static boolean isWholeValue(QueryWord word, List<Token> tokens) {
        if (tokens.size() == 1) {
            TermMatch match = word.terms().get(tokens.get(0).term());
            return match != null && match.exact();
        }
        for (List<String> phrase : word.phrases()) {
            if (phrase.size() == tokens.size() && phraseAt(word, tokens, 0)) {
                return true;
            }
        }
        return false;
    }

    private static int closest(int[] a, int aCount, int[] b, int bCount) {
        int best = MAX_PROXIMITY;
        for (int i = 0; i < aCount; i++) {
            for (int j = 0; j < bCount; j++) {
                int distance = Math.abs(b[j] - a[i]);
                if (distance > 0 && distance < best) {
                    best = distance;
                }
            }
        }
        return best;
    }
}
