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
 */
public record QueryWord(String word, Map<String, TermMatch> terms, List<List<String>> phrases) {
}
