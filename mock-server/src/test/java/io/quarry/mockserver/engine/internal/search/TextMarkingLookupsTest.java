package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Marking a text looks each of its words up once among the query's matches, whatever the number of query words:
 * trying every query word on every word of the text cost their product (20 hits of 100,000 words against 170 query
 * words took 15 s).
 */
class TextMarkingLookupsTest {

    private static final int QUERY_WORDS = 170;
    private static final int TEXT_WORDS = 2_000;

    private long lookups;

    @Test
    void eachWordOfTheTextIsLookedUpOnce() {
        List<QueryWord> words = new ArrayList<>();
        for (int w = 0; w < QUERY_WORDS; w++) {
            String word = "w" + w;
            words.add(new QueryWord(
                    word, new CountedTerms(Map.of(word, new TermMatch(0, false, word.length()))), List.of()));
        }
        StringBuilder text = new StringBuilder();
        for (int t = 0; t < TEXT_WORDS; t++) {
            text.append('w').append(t % (2 * QUERY_WORDS)).append(' ');
        }

        MarkedText marked = new MarkedText(text.toString(), words);

        assertThat(marked.matchLevel()).isEqualTo("full");
        assertThat(marked.highlight("<", ">", TagBudget.perAnswer())).startsWith("<w0> <w1> ");
        // every query word's terms read for every word of the text: 340,000 lookups here
        assertThat(lookups)
                .as("lookups marking %d words against %d", TEXT_WORDS, QUERY_WORDS)
                .isLessThanOrEqualTo(TEXT_WORDS + QUERY_WORDS);
    }

    /** A query word's terms, each lookup or entry read counted. */
    private final class CountedTerms extends AbstractMap<String, TermMatch> {
        private final Map<String, TermMatch> terms;

        CountedTerms(Map<String, TermMatch> terms) {
            this.terms = terms;
        }

        @Override
        public TermMatch get(Object term) {
            lookups++;
            return terms.get(term);
        }

        @Override
        public boolean containsKey(Object term) {
            lookups++;
            return terms.containsKey(term);
        }

        @Override
        public Set<Entry<String, TermMatch>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, TermMatch>> iterator() {
                    Iterator<Entry<String, TermMatch>> entries =
                            terms.entrySet().iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return entries.hasNext();
                        }

                        @Override
                        public Entry<String, TermMatch> next() {
                            lookups++;
                            return entries.next();
                        }
                    };
                }

                @Override
                public int size() {
                    return terms.size();
                }
            };
        }
    }
}
