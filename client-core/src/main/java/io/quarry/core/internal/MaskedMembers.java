package io.quarry.core.internal;

import java.util.Set;

/**
 * Masks the string values of JSON members with given names, in text that may be cut short or not JSON at all (a
 * log line, an error page). A scan rather than a pattern: a pattern's repeated group over the value's characters
 * recursed once a character in the JDK's engine and overflowed the stack on a value of a few thousand.
 */
final class MaskedMembers {

    /** Longer than any name masked: a longer quoted text is not looked up. */
    private static final int LONGEST_NAME = 64;

    private MaskedMembers() {}

    /**
     * {@return the text with the value of every string member named in {@code names} replaced by the mask} A name is
     * looked for at every quote, inside other strings too, so that text which is not JSON, or JSON cut short, still
     * has its keys masked; a value cut short by the end of the text is masked to the end.
     *
     * @param text the text
     * @param names the members' names, as written between the quotes
     * @param mask what each value becomes
     */
    static String mask(String text, Set<String> names, String mask) {
        StringBuilder masked = null;
        int copied = 0;
        int quote = text.indexOf('"');
        while (quote >= 0) {
            int valueStart = valueAfterName(text, quote, names);
            if (valueStart < 0) {
                quote = text.indexOf('"', quote + 1);
                continue;
            }
            if (masked == null) {
                masked = new StringBuilder(text.length());
            }
            masked.append(text, copied, valueStart + 1).append(mask);
            int valueEnd = closingQuote(text, valueStart);
            if (valueEnd < 0) {
                return masked.toString();
            }
            copied = valueEnd; // the closing quote is kept
            quote = text.indexOf('"', valueEnd + 1);
        }
        return masked == null
                ? text
                : masked.append(text, copied, text.length()).toString();
    }

    /**
     * {@return where the string value opens when a quoted name of the set starts at {@code quote}, followed by a
     * colon and a string (spaces allowed around the colon); else -1}
     */
    private static int valueAfterName(String text, int quote, Set<String> names) {
        int nameEnd = text.indexOf('"', quote + 1);
        if (nameEnd < 0 || nameEnd - quote - 1 > LONGEST_NAME || !names.contains(text.substring(quote + 1, nameEnd))) {
            return -1;
        }
        int colon = skipSpaces(text, nameEnd + 1);
        if (colon == text.length() || text.charAt(colon) != ':') {
            return -1;
        }
        int value = skipSpaces(text, colon + 1);
        return value < text.length() && text.charAt(value) == '"' ? value : -1;
    }

    /** {@return the index of the quote closing the string opened at {@code open}, or -1 when the text ends first} */
    private static int closingQuote(String text, int open) {
        for (int at = open + 1; at < text.length(); at++) {
            char c = text.charAt(at);
            if (c == '\\') {
                at++;
            } else if (c == '"') {
                return at;
            }
        }
        return -1;
    }

    private static int skipSpaces(String text, int from) {
        int at = from;
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        return at;
    }
}
