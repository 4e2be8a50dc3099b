package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.Leaf;
import java.util.Arrays;
import java.util.List;

/**
 * Scores a record against one reading of the query: every required query word must match a word of a searchable
 * attribute (AND semantics), optional words may, and at least one word must; the result carries the values of
 * the textual ranking criteria over the matched words. Not thread-safe: one instance serves one search.
 */
public final class RecordMatcher {

    /** Distance assumed between words of different attributes, and the cap of one pair's proximity. */
    static final int MAX_PROXIMITY = 8;

    private static final int MAX_POSITIONS = 16;
    private static final int ATTRIBUTE_SPAN = 1000;

    private final SearchableAttributes searchable;
    private final String exactOnSingleWordQuery;
    private final List<String> noTypoAttributes;
    // Scratch space reused from record to record (one matcher serves one search, on one thread).
    private final int[] nextPosition;
    private int[] typos;
    private boolean[] exact;
    private int[] firstMatched;
    private int[][] positions;
    private int[] positionCount;

    /**
     * @param searchable the searchable attributes
     * @param exactOnSingleWordQuery {@code attribute} (the whole attribute must equal the word), {@code word} or
     *     {@code none}
     * @param noTypoAttributes attributes where only typo-free matches count (disableTypoToleranceOnAttributes)
     */
    public RecordMatcher(
            SearchableAttributes searchable, String exactOnSingleWordQuery, List<String> noTypoAttributes) {
        this.searchable = searchable;
        this.exactOnSingleWordQuery = exactOnSingleWordQuery;
        this.noTypoAttributes = noTypoAttributes;
        this.nextPosition = new int[searchable.rankCount()];
    }

    private boolean typosAllowed(String path) {
        for (String attribute : noTypoAttributes) {
            if (path.equals(attribute) || path.startsWith(attribute + ".")) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param record a record
     * @param words one reading of the query (non-empty)
     * @return its match, or {@code null} when a query word matches no searchable word
     */
    public Match match(IndexedRecord record, List<QueryWord> words) {
        int n = words.size();
        if (typos == null || typos.length < n) {
            typos = new int[n];
            exact = new boolean[n];
            firstMatched = new int[n];
            positions = new int[n][MAX_POSITIONS];
            positionCount = new int[n];
        }
        Arrays.fill(typos, 0, n, Integer.MAX_VALUE);
        Arrays.fill(exact, 0, n, false);
        Arrays.fill(firstMatched, 0, n, Integer.MAX_VALUE);
        Arrays.fill(positionCount, 0, n, 0);
        Arrays.fill(nextPosition, 0);
        boolean wholeAttributeExact = false;
        for (Leaf leaf : record.leaves()) {
            List<String> tokens = leaf.terms();
            if (tokens.isEmpty()) {
                continue;
            }
            int rank = searchable.rank(leaf.path());
            if (rank == SearchableAttributes.NOT_SEARCHABLE) {
                continue;
            }
            boolean ordered = searchable.ordered(leaf.path());
            boolean typosAllowed = noTypoAttributes.isEmpty() || typosAllowed(leaf.path());
            int start = nextPosition[rank];
            nextPosition[rank] = start + tokens.size() + MAX_PROXIMITY;
            for (int k = 0; k < tokens.size(); k++) {
                String term = tokens.get(k);
                int position = rank * ATTRIBUTE_SPAN + Math.min(start + k, ATTRIBUTE_SPAN - 1);
                int attributeScore = rank * ATTRIBUTE_SPAN + (ordered ? Math.min(start + k, ATTRIBUTE_SPAN - 1) : 0);
                for (int w = 0; w < n; w++) {
                    QueryWord word = words.get(w);
                    TermMatch termMatch = word.terms().get(term);
                    if (termMatch == null && phraseAt(word, tokens, k)) {
                        termMatch = new TermMatch(0, false, term.length());
                    }
                    if (termMatch == null || (termMatch.typos() > 0 && !typosAllowed)) {
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
        int matched = 0;
        int previous = -1;
        int proximity = 0;
        for (int w = 0; w < n; w++) {
            if (typos[w] == Integer.MAX_VALUE) {
                if (!words.get(w).optional()) {
                    return null;
                }
                continue;
            }
            matched++;
            totalTypos += typos[w];
            exactWords += exact[w] ? 1 : 0;
            best = Math.min(best, firstMatched[w]);
            if (previous >= 0) {
                proximity += closest(positions[previous], positionCount[previous], positions[w], positionCount[w]);
            }
            previous = w;
        }
        if (matched == 0) {
            return null;
        }
        if (n == 1) {
            exactWords = switch (exactOnSingleWordQuery) {
                case "none" -> 0;
                case "word" -> exactWords;
                default -> wholeAttributeExact ? 1 : 0;
            };
        }
        return new Match(totalTypos, matched, proximity, best, exactWords);
    }

    /**
     * @param record a record
     * @param words normalised words
     * @return whether a searchable value of the record holds one of the words
     */
    public boolean holdsAny(IndexedRecord record, java.util.Set<String> words) {
        for (Leaf leaf : record.leaves()) {
            if (leaf.terms().isEmpty() || searchable.rank(leaf.path()) == SearchableAttributes.NOT_SEARCHABLE) {
                continue;
            }
            for (String term : leaf.terms()) {
                if (words.contains(term)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean phraseAt(QueryWord word, List<String> tokens, int k) {
        for (List<String> phrase : word.phrases()) {
            if (k + phrase.size() > tokens.size()) {
                continue;
            }
            boolean all = true;
            for (int i = 0; i < phrase.size() && all; i++) {
                all = tokens.get(k + i).equals(phrase.get(i));
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private static boolean isWholeValue(QueryWord word, List<String> tokens) {
        if (tokens.size() == 1) {
            TermMatch match = word.terms().get(tokens.get(0));
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
