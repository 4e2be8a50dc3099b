package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.engine.internal.text.TextSearch;
import java.util.List;

/** Name patterns of keys: index restrictions and referers, where {@code *} matches any run of characters. */
public final class Patterns {

    private Patterns() {}

    /**
     * {@return whether any pattern matches}
     *
     * @param patterns the patterns; empty (or only blank ones) allows everything
     * @param value the value checked (any text, so a test can count what is read)
     */
    static boolean anyMatches(List<String> patterns, CharSequence value) {
        boolean restricted = false;
        for (String pattern : patterns) {
            if (pattern.isBlank()) {
                continue;
            }
            restricted = true;
            if (matches(pattern.trim(), value)) {
                return true;
            }
        }
        return !restricted;
    }

    /**
     * {@return whether the whole value matches} Case-sensitive, character for character; time linear in the
     * lengths of the pattern and the value (a part between two wildcards is found with a prefix table, never by
     * trying it at every position).
     *
     * @param pattern a pattern with {@code *} wildcards
     * @param value the value (any text, so a test can count what is read)
     */
    public static boolean matches(String pattern, CharSequence value) {
        String[] parts = pattern.split("\\*", -1);
        if (parts.length == 1) {
            return pattern.contentEquals(value);
        }
        String first = parts[0];
        String last = parts[parts.length - 1];
        if (value.length() < first.length() + last.length()
                || !occursAt(first, value, 0)
                || !occursAt(last, value, value.length() - last.length())) {
            return false;
        }
        // the leftmost place of each middle part leaves the most room to the ones after it
        int from = first.length();
        int end = value.length() - last.length();
        for (int i = 1; i < parts.length - 1; i++) {
            int after = TextSearch.endOfFirst(parts[i], value, from, end);
            if (after < 0) {
                return false;
            }
            from = after;
        }
        return true;
    }

    private static boolean occursAt(String part, CharSequence value, int at) {
        for (int i = 0; i < part.length(); i++) {
            if (value.charAt(at + i) != part.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
