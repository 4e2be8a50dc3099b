package io.quarry.mockserver.internal.auth;

import java.util.List;

/** Name patterns of keys: index restrictions and referers, where {@code *} matches any run of characters. */
final class Patterns {

    private Patterns() {}

    /**
     * {@return whether any pattern matches}
     *
     * @param patterns the patterns; empty (or only blank ones) allows everything
     * @param value the value checked
     */
    static boolean anyMatches(List<String> patterns, String value) {
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
     * @param value the value
     */
    static boolean matches(String pattern, String value) {
        String[] parts = pattern.split("\\*", -1);
        if (parts.length == 1) {
            return pattern.equals(value);
        }
        String first = parts[0];
        String last = parts[parts.length - 1];
        if (value.length() < first.length() + last.length() || !value.startsWith(first) || !value.endsWith(last)) {
            return false;
        }
        // the leftmost place of each middle part leaves the most room to the ones after it
        int from = first.length();
        int end = value.length() - last.length();
        for (int i = 1; i < parts.length - 1; i++) {
            int after = endOfFirst(parts[i], value, from, end);
            if (after < 0) {
                return false;
            }
            from = after;
        }
        return true;
    }

    /**
     * {@return where the first occurrence of the part inside {@code value[from, end)} ends, or -1} Knuth-Morris-Pratt:
     * each character of the value is read a bounded number of times.
     */
    private static int endOfFirst(String part, String value, int from, int end) {
        if (part.isEmpty()) {
            return from;
        }
        int[] border = borders(part);
        int matched = 0;
        for (int at = from; at < end; at++) {
            char c = value.charAt(at);
            while (matched > 0 && part.charAt(matched) != c) {
                matched = border[matched - 1];
            }
            if (part.charAt(matched) == c) {
                matched++;
            }
            if (matched == part.length()) {
                return at + 1;
            }
        }
        return -1;
    }

    /** {@return for each prefix of the part, the length of its longest proper prefix that is also its suffix} */
    private static int[] borders(String part) {
        int[] border = new int[part.length()];
        int length = 0;
        for (int i = 1; i < part.length(); i++) {
            while (length > 0 && part.charAt(i) != part.charAt(length)) {
                length = border[length - 1];
            }
            if (part.charAt(i) == part.charAt(length)) {
                length++;
            }
            border[i] = length;
        }
        return border;
    }
}
