package io.quarry.mockserver.engine.internal.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The words of one query reading by the indexed terms they match and the words their phrases start with. Built once
 * per reading, it lets a text be marked with a lookup per word of the text, where trying every query word on every
 * word of the text cost their product: a 20,000-word attribute against a 170-word query took over 100 ms a hit.
 */
final class QueryMarks {

    private static final int[] NONE = new int[0];

    private final List<QueryWord> words;
    private final Map<String, int[]> positionsByTerm = new HashMap<>();
    /** Each entry a query word's position and the index of one of its phrases, in ascending position. */
    private final Map<String, List<int[]>> phrasesByFirstWord = new HashMap<>();

    /** @param words a query reading */
    QueryMarks(List<QueryWord> words) {
        this.words = words;
        for (int w = 0; w < words.size(); w++) {
            for (String term : words.get(w).terms().keySet()) {
                int[] known = positionsByTerm.getOrDefault(term, NONE);
                int[] grown = Arrays.copyOf(known, known.length + 1);
                grown[known.length] = w;
                positionsByTerm.put(term, grown);
            }
            List<List<String>> phrases = words.get(w).phrases();
            for (int p = 0; p < phrases.size(); p++) {
                if (!phrases.get(p).isEmpty()) {
                    phrasesByFirstWord
                            .computeIfAbsent(phrases.get(p).get(0), first -> new ArrayList<>())
                            .add(new int[] {w, p});
                }
            }
        }
    }

    /** {@return the reading's words} */
    List<QueryWord> words() {
        return words;
    }

    /** {@return the positions of the query words matching the term, ascending} */
    int[] positions(String term) {
        return positionsByTerm.getOrDefault(term, NONE);
    }

    /** {@return the phrases starting with the term: each a query word's position and its phrase's index} */
    List<int[]> phrasesStartingWith(String term) {
        return phrasesByFirstWord.getOrDefault(term, List.of());
    }
}
