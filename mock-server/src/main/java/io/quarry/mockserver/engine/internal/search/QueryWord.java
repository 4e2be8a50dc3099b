package io.quarry.mockserver.engine.internal.search;

import java.util.List;
import java.util.Map;

/**
 * One word of the query with every indexed term it matches.
 *
 * @param word the normalised query word
 * @param terms each matching term with how it matches (the word itself, typo variants, prefix completions and
 *     one-word synonyms)
 * @param phrases multi-word synonyms: each a list of words that must follow each other in one attribute
 * @param optional whether a record may miss this word (optionalWords, removeWordsIfNoResults)
 */
public record QueryWord(String word, Map<String, TermMatch> terms, List<List<String>> phrases, boolean optional) {

    /**
     * A required word.
     *
     * @param word the normalised query word
     * @param terms each matching term with how it matches
     * @param phrases multi-word alternatives
     */
    public QueryWord(String word, Map<String, TermMatch> terms, List<List<String>> phrases) {
        this(word, terms, phrases, false);
    }

    /** {@return the same word, optional} */
    public QueryWord asOptional() {
        return new QueryWord(word, terms, phrases, true);
    }

    /** {@return the same word, required} */
    public QueryWord asRequired() {
        return new QueryWord(word, terms, phrases, false);
    }
}
