package io.quarry.mockserver.internal.products.suggestions;

import io.quarry.mockserver.engine.internal.text.TextSearch;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code exclude} list of a configuration. An entry with {@code *} is a pattern matched against the whole
 * suggestion, {@code *} standing for any run of characters ({@code "*free*"}); any other entry is a word or
 * phrase, matched against whole words of the suggestion ({@code "cheap"} excludes "cheap phone" but not
 * "cheapest phone"). Case-insensitive. Entries are prepared once; checking one against a suggestion takes time
 * linear in the two texts.
 */
final class ExcludeRules {

    /**
     * One entry, normalized: a phrase (with a space each side), or a pattern's first and last pieces and the ones
     * between its stars.
     */
    private record Entry(String text, TextSearch.Part phrase, String first, TextSearch.Part[] middle, String last) {}

    private final List<Entry> entries = new ArrayList<>();

    /** Characters of entries prepared, so a test can count that each entry is prepared once, not per check. */
    private long prepared;

    ExcludeRules(List<String> entries) {
        for (String entry : entries) {
            this.entries.add(prepare(entry));
        }
    }

    private Entry prepare(String entry) {
        prepared += entry.length();
        String text = QueryText.normalize(entry);
        if (text.contains("*")) {
            String[] pieces = text.split("\\*", -1);
            TextSearch.Part[] middle = new TextSearch.Part[pieces.length - 2];
            for (int i = 0; i < middle.length; i++) {
                middle[i] = new TextSearch.Part(pieces[i + 1]);
            }
            return new Entry(text, null, pieces[0], middle, pieces[pieces.length - 1]);
        }
        return new Entry(text, new TextSearch.Part(" " + text + " "), null, null, null);
    }

    /** {@return the characters of entries prepared so far} */
    long preparedCharacters() {
        return prepared;
    }

    /**
     * {@return the entry that excludes it, or {@code null}}
     *
     * @param query a normalized suggestion
     */
    String excluding(String query) {
        String words = " " + query + " ";
        for (Entry entry : entries) {
            boolean matches = entry.phrase() == null
                    ? glob(entry, query)
                    : entry.phrase().endOfFirst(words, 0, words.length()) >= 0;
            if (matches) {
                return entry.text();
            }
        }
        return null;
    }

    /**
     * Whole-text match of a pattern split at its stars: the text starts with the first piece, ends with the last,
     * and holds the others in order between them, each taken where it first fits (which finds a match whenever one
     * exists).
     */
    private static boolean glob(Entry pattern, String text) {
        int end = text.length() - pattern.last().length();
        if (end < pattern.first().length() || !text.startsWith(pattern.first()) || !text.endsWith(pattern.last())) {
            return false;
        }
        int at = pattern.first().length();
        for (TextSearch.Part piece : pattern.middle()) {
            at = piece.endOfFirst(text, at, end);
            if (at < 0) {
                return false;
            }
        }
        return true;
    }
}
