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
     * {@return whether the whole value matches}
     *
     * @param pattern a pattern with {@code *} wildcards
     * @param value the value
     */
    static boolean matches(String pattern, String value) {
        String[] parts = pattern.split("\\*", -1);
        if (parts.length == 1) {
            return pattern.equals(value);
        }
        if (!value.startsWith(parts[0])) {
            return false;
        }
        int from = parts[0].length();
        for (int i = 1; i < parts.length - 1; i++) {
            int at = value.indexOf(parts[i], from);
            if (at < 0) {
                return false;
            }
            from = at + parts[i].length();
        }
        String last = parts[parts.length - 1];
        return value.length() - from >= last.length() && value.endsWith(last);
    }
}
