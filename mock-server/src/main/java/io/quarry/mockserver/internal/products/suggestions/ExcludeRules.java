package io.quarry.mockserver.internal.products.suggestions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code exclude} list of a configuration. An entry with {@code *} is a pattern matched against the whole
 * suggestion, {@code *} standing for any run of characters ({@code "*free*"}); any other entry is a word or
 * phrase, matched against whole words of the suggestion ({@code "cheap"} excludes "cheap phone" but not
 * "cheapest phone"). Case-insensitive. Matching is linear in the suggestion's length per entry.
 */
final class ExcludeRules {

    private final List<String> entries;

    ExcludeRules(List<String> entries) {
        this.entries = new ArrayList<>();
        for (String entry : entries) {
            this.entries.add(QueryText.normalize(entry));
        }
    }

    /**
     * {@return the entry that excludes it, or {@code null}}
     *
     * @param query a normalized suggestion
     */
    String excluding(String query) {
        for (String entry : entries) {
            if (entry.contains("*") ? glob(entry, query) : (" " + query + " ").contains(" " + entry + " ")) {
                return entry;
            }
        }
        return null;
    }

    /** Whole-text match with {@code *} as any run of characters: greedy over the literal pieces, no backtracking blow-up. */
    static boolean glob(String pattern, String text) {
        String[] pieces = pattern.toLowerCase(Locale.ROOT).split("\\*", -1);
        if (pieces.length == 1) {
            return pieces[0].equals(text);
        }
        if (!text.startsWith(pieces[0])) {
            return false;
        }
        int at = pieces[0].length();
        for (int i = 1; i < pieces.length - 1; i++) {
            int found = text.indexOf(pieces[i], at);
            if (found < 0) {
                return false;
            }
            at = found + pieces[i].length();
        }
        String last = pieces[pieces.length - 1];
        return text.length() - last.length() >= at && text.endsWith(last);
    }
}
