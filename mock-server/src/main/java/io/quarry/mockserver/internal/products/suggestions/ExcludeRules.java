package io.quarry.mockserver.internal.products.suggestions;

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

    /** One entry, normalized: a phrase (with a space each side) or the literal pieces between a pattern's stars. */
    private record Entry(String text, Needle phrase, Needle[] pieces) {}

    private final List<Entry> entries = new ArrayList<>();

    ExcludeRules(List<String> entries) {
        for (String entry : entries) {
            String text = QueryText.normalize(entry);
            if (text.contains("*")) {
                String[] pieces = text.split("\\*", -1);
                Needle[] needles = new Needle[pieces.length];
                for (int i = 0; i < pieces.length; i++) {
                    needles[i] = new Needle(pieces[i]);
                }
                this.entries.add(new Entry(text, null, needles));
            } else {
                this.entries.add(new Entry(text, new Needle(" " + text + " "), null));
            }
        }
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
                    ? glob(entry.pieces(), query)
                    : entry.phrase().in(words, 0, words.length()) >= 0;
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
    private static boolean glob(Needle[] pieces, String text) {
        Needle first = pieces[0];
        Needle last = pieces[pieces.length - 1];
        int end = text.length() - last.length();
        if (end < first.length()
                || first.in(text, 0, first.length()) != 0
                || last.in(text, end, text.length()) != end) {
            return false;
        }
        int at = first.length();
        for (int i = 1; i < pieces.length - 1; i++) {
            int found = pieces[i].in(text, at, end);
            if (found < 0) {
                return false;
            }
            at = found + pieces[i].length();
        }
        return true;
    }
}
