package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The query text split into words, with the advanced syntax when enabled: {@code "exact phrase"} (the words must
 * follow each other, without typo or prefix) and {@code -word} (records holding the word are excluded).
 *
 * @param segments the words and phrases in order; a word segment holds one word
 * @param phrase for each segment, whether it is a quoted phrase
 * @param excluded the excluded words
 * @param lastWordOpen whether the last segment is a word the user may still be typing (no trailing space or
 *     quote)
 */
public record QueryText(List<List<String>> segments, List<Boolean> phrase, Set<String> excluded, boolean lastWordOpen) {

    /**
     * {@return the parsed text}
     *
     * @param query the query text
     * @param exactPhrase whether quotes make phrases
     * @param excludeWords whether a leading minus excludes a word
     */
    public static QueryText parse(String query, boolean exactPhrase, boolean excludeWords) {
        List<List<String>> segments = new ArrayList<>();
        List<Boolean> phrase = new ArrayList<>();
        Set<String> excluded = new LinkedHashSet<>();
        boolean lastWordOpen = false;
        int i = 0;
        int n = query.length();
        while (i < n) {
            char c = query.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '"' && exactPhrase) {
                int end = query.indexOf('"', i + 1);
                int stop = end < 0 ? n : end;
                List<String> words = Tokenizer.terms(query.substring(i + 1, stop));
                if (!words.isEmpty()) {
                    segments.add(words);
                    phrase.add(true);
                    lastWordOpen = false;
                }
                i = end < 0 ? n : end + 1;
                continue;
            }
            int end = i;
            while (end < n
                    && !Character.isWhitespace(query.charAt(end))
                    && !(exactPhrase && query.charAt(end) == '"')) {
                end++;
            }
            String chunk = query.substring(i, end);
            if (excludeWords && chunk.length() > 1 && chunk.charAt(0) == '-') {
                excluded.addAll(Tokenizer.terms(chunk.substring(1)));
            } else {
                List<String> words = Tokenizer.terms(chunk);
                for (String word : words) {
                    segments.add(List.of(word));
                    phrase.add(false);
                }
                lastWordOpen = !words.isEmpty() && end == n;
            }
            i = end;
        }
        return new QueryText(segments, phrase, excluded, lastWordOpen);
    }
}
