package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.TermDictionary;
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

    private static final TermMatch PHRASE_MATCH = new TermMatch(0, false, 0);
    private static final int UNKNOWN = Integer.MIN_VALUE;

    private final SearchableAttributes searchable;
    private final String exactOnSingleWordQuery;
    private final List<String> noTypoAttributes;
    private final TermDictionary dictionary;
    // Scratch space reused from record to record (one matcher serves one search, on one thread).
    private final int[] nextPosition;
    private int[] typos;
    private boolean[] exact;
    private int[] firstMatched;
    private int[][] positions;
    private int[] positionCount;
    // What the matcher knows of each path id (rank, ordered, typos allowed), filled on first sight.
    private int[] pathRanks = new int[0];
    private boolean[] pathOrdered = new boolean[0];
    private boolean[] pathTypos = new boolean[0];
    // The reading last matched, its words' terms by id and their phrases as ids.
    private List<QueryWord> preparedWords;
    private TermMatches[] wordTerms;
    private int[][][] wordPhrases;
    // Every word id some query word matches, as a bit set: most words of a record match none.
    private long[] anyTerm;
    private boolean anyPhrase;
    private java.util.Set<String> excludedWords;
    private TermMatches excludedIds;

    /**
     * @param searchable the searchable attributes
     * @param exactOnSingleWordQuery {@code attribute} (the whole attribute must equal the word), {@code word} or
     *     {@code none}
     * @param noTypoAttributes attributes where only typo-free matches count (disableTypoToleranceOnAttributes)
     * @param dictionary the ids of the words and paths of the records to match
     */
    public RecordMatcher(
            SearchableAttributes searchable,
            String exactOnSingleWordQuery,
            List<String> noTypoAttributes,
            TermDictionary dictionary) {
        this.searchable = searchable;
        this.exactOnSingleWordQuery = exactOnSingleWordQuery;
        this.noTypoAttributes = noTypoAttributes;
        this.dictionary = dictionary;
        this.nextPosition = new int[searchable.rankCount()];
    }

    /**
     * {@return whether matches with typos count in the value at that path}
     *
     * @param noTypoAttributes the attributes of disableTypoToleranceOnAttributes (each covers what it holds)
     * @param path a value's dotted path
     */
    static boolean typosAllowed(List<String> noTypoAttributes, String path) {
        for (String attribute : noTypoAttributes) {
            if (path.equals(attribute) || path.startsWith(attribute + ".")) {
                return false;
            }
        }
        return true;
    }

    /** {@return the rank of a path id, learning its attributes on first sight} */
    private int rank(int pathId) {
        if (pathId >= pathRanks.length) {
            int size = Math.max(pathId + 1, dictionary.pathCount());
            int from = pathRanks.length;
            pathRanks = Arrays.copyOf(pathRanks, size);
            pathOrdered = Arrays.copyOf(pathOrdered, size);
            pathTypos = Arrays.copyOf(pathTypos, size);
            Arrays.fill(pathRanks, from, size, UNKNOWN);
        }
        int rank = pathRanks[pathId];
        if (rank == UNKNOWN) {
            String path = dictionary.path(pathId);
            rank = searchable.rank(path);
            pathRanks[pathId] = rank;
            pathOrdered[pathId] = searchable.ordered(path);
            pathTypos[pathId] = noTypoAttributes.isEmpty() || typosAllowed(noTypoAttributes, path);
        }
        return rank;
    }

    private void prepare(List<QueryWord> words) {
        if (words == preparedWords) {
            return;
        }
        wordTerms = new TermMatches[words.size()];
        wordPhrases = new int[words.size()][][];
        anyTerm = new long[(dictionary.wordCount() + 63) >>> 6];
        anyPhrase = false;
        for (int w = 0; w < words.size(); w++) {
            QueryWord word = words.get(w);
            wordTerms[w] = new TermMatches(word.terms(), dictionary);
            for (String term : word.terms().keySet()) {
                int id = dictionary.wordId(term);
                if (id >= 0) {
                    anyTerm[id >>> 6] |= 1L << id;
                }
            }
            anyPhrase |= !word.phrases().isEmpty();
            int[][] phrases = new int[word.phrases().size()][];
            for (int p = 0; p < phrases.length; p++) {
                List<String> phrase = word.phrases().get(p);
                phrases[p] = new int[phrase.size()];
                for (int i = 0; i < phrase.size(); i++) {
                    // -1 for a word no record holds: the phrase matches nowhere, as before.
                    phrases[p][i] = dictionary.wordId(phrase.get(i));
                }
            }
            wordPhrases[w] = phrases;
        }
        preparedWords = words;
    }

    /**
     * {@return its match, or {@code null} when a query word matches no searchable word}
     *
     * @param record a record
     * @param words one reading of the query (non-empty)
     */
    public Match match(IndexedRecord record, List<QueryWord> words) {
        int n = words.size();
        prepare(words);
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
        int[] tokens = tokensOf(record);
        int i = 0;
        while (i < tokens.length) {
            int pathId = tokens[i];
            int count = tokens[i + 1];
            int first = i + 2;
            i = first + count;
            int rank = rank(pathId);
            if (rank == SearchableAttributes.NOT_SEARCHABLE) {
                continue;
            }
            boolean ordered = pathOrdered[pathId];
            boolean typosAllowed = pathTypos[pathId];
            int start = nextPosition[rank];
            nextPosition[rank] = start + count + MAX_PROXIMITY;
            for (int k = 0; k < count; k++) {
                int term = tokens[first + k];
                if (!anyPhrase && (anyTerm[term >>> 6] & (1L << term)) == 0) {
                    continue;
                }
                int position = rank * ATTRIBUTE_SPAN + Math.min(start + k, ATTRIBUTE_SPAN - 1);
                int attributeScore = rank * ATTRIBUTE_SPAN + (ordered ? Math.min(start + k, ATTRIBUTE_SPAN - 1) : 0);
                for (int w = 0; w < n; w++) {
                    TermMatch termMatch = wordTerms[w].get(term);
                    if (termMatch == null && phraseAt(wordPhrases[w], tokens, first, count, k)) {
                        termMatch = PHRASE_MATCH;
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
                    if (n == 1 && termMatch.exact() && isWholeValue(w, tokens, first, count)) {
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

    /** The record's word ids in this matcher's dictionary (the store keeps its records in its current one). */
    private int[] tokensOf(IndexedRecord record) {
        if (record.dictionary() != dictionary) {
            throw new IllegalStateException("record " + record.objectID() + " is numbered by another dictionary");
        }
        return record.tokens();
    }

    /**
     * {@return whether a searchable value of the record holds one of the words}
     *
     * @param record a record
     * @param words normalised words
     */
    public boolean holdsAny(IndexedRecord record, java.util.Set<String> words) {
        if (words != excludedWords) {
            java.util.Map<String, TermMatch> asTerms = new java.util.HashMap<>();
            words.forEach(word -> asTerms.put(word, PHRASE_MATCH));
            excludedIds = new TermMatches(asTerms, dictionary);
            excludedWords = words;
        }
        int[] tokens = tokensOf(record);
        int i = 0;
        while (i < tokens.length) {
            int pathId = tokens[i];
            int count = tokens[i + 1];
            int first = i + 2;
            i = first + count;
            if (rank(pathId) == SearchableAttributes.NOT_SEARCHABLE) {
                continue;
            }
            for (int k = first; k < first + count; k++) {
                if (excludedIds.get(tokens[k]) != null) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether one of the phrases starts at word {@code k} of the value whose words start at {@code first}. */
    private static boolean phraseAt(int[][] phrases, int[] tokens, int first, int count, int k) {
        for (int[] phrase : phrases) {
            if (k + phrase.length > count) {
                continue;
            }
            boolean all = true;
            for (int i = 0; i < phrase.length && all; i++) {
                all = tokens[first + k + i] == phrase[i];
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private boolean isWholeValue(int w, int[] tokens, int first, int count) {
        if (count == 1) {
            TermMatch match = wordTerms[w].get(tokens[first]);
            return match != null && match.exact();
        }
        for (int[] phrase : wordPhrases[w]) {
            // As before: a phrase as long as the value, and any phrase starting the value.
            if (phrase.length == count && phraseAt(wordPhrases[w], tokens, first, count, 0)) {
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
