package io.quarry.mockserver.engine.internal.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A pattern read into tokens, each in one pass over the text: characters, wildcards, classes and braces. A brace
 * or comma that makes no group (no closing brace, no comma within) is read back as the character it is.
 */
final class GlobTokens {

    static final int LITERAL = 0;
    static final int ONE = 1;
    static final int STAR = 2;
    static final int GLOBSTAR = 3;
    static final int CLASS = 4;
    static final int OPEN = 5;
    static final int COMMA = 6;
    static final int CLOSE = 7;

    private int[] types;
    /** A literal's code point, or a class's index in {@link #classes}. */
    private int[] values;

    private int size;
    private final List<CharClass> classes = new ArrayList<>();

    private GlobTokens(int capacity) {
        types = new int[capacity];
        values = new int[capacity];
    }

    /** {@return the pattern read with {@code *} and {@code **} as its only wildcards} */
    static GlobTokens starsOnly(String pattern) {
        GlobTokens tokens = new GlobTokens(pattern.length());
        for (int i = 0; i < pattern.length(); ) {
            int c = pattern.codePointAt(i);
            i += Character.charCount(c);
            if (c == '*' && i < pattern.length() && pattern.charAt(i) == '*') {
                i++;
                tokens.add(GLOBSTAR, 0);
            } else {
                tokens.add(c == '*' ? STAR : LITERAL, c);
            }
        }
        return tokens;
    }

    /**
     * {@return the pattern read as a glob (see {@link UrlWildcards#glob})} A character sequence, so that a test can
     * count the characters read.
     */
    static GlobTokens glob(CharSequence pattern) {
        GlobTokens tokens = new GlobTokens(pattern.length());
        int[] closings = closingBrackets(pattern);
        int n = pattern.length();
        for (int i = 0; i < n; ) {
            int c = Character.codePointAt(pattern, i);
            if (c == '\\' && i + 1 < n) {
                int escaped = Character.codePointAt(pattern, i + 1);
                tokens.add(LITERAL, escaped);
                i += 1 + Character.charCount(escaped);
                continue;
            }
            if (c == '[') {
                int end = classEnd(pattern, i, closings);
                if (end > 0) {
                    tokens.classes.add(charClass(pattern, i, end));
                    tokens.add(CLASS, tokens.classes.size() - 1);
                    i = end + 1;
                    continue;
                }
            }
            i += Character.charCount(c);
            switch (c) {
                case '*' -> {
                    if (i < n && pattern.charAt(i) == '*') {
                        i++;
                        tokens.add(GLOBSTAR, 0);
                    } else {
                        tokens.add(STAR, 0);
                    }
                }
                case '?' -> tokens.add(ONE, 0);
                case '{' -> tokens.add(OPEN, c);
                case ',' -> tokens.add(COMMA, c);
                case '}' -> tokens.add(CLOSE, c);
                default -> tokens.add(LITERAL, c);
            }
        }
        tokens.resolveBraces();
        return tokens;
    }

    int size() {
        return size;
    }

    int type(int token) {
        return types[token];
    }

    int value(int token) {
        return values[token];
    }

    List<CharClass> classes() {
        return classes;
    }

    private void add(int type, int value) {
        types[size] = type;
        values[size] = value;
        size++;
    }

    /**
     * For each place, where the first {@code ]} from there is that no backslash escapes, or -1: computed from the
     * end, so finding every class's end costs one pass, however many {@code [} no {@code ]} closes.
     */
    private static int[] closingBrackets(CharSequence pattern) {
        int n = pattern.length();
        int[] closing = new int[n + 2];
        closing[n] = -1;
        closing[n + 1] = -1;
        for (int k = n - 1; k >= 0; k--) {
            char c = pattern.charAt(k);
            closing[k] = c == ']' ? k : c == '\\' ? (k + 1 < n ? closing[k + 2] : -1) : closing[k + 1];
        }
        return closing;
    }

    /** {@return where the class opened at {@code open} ends, or -1 when nothing closes it} */
    private static int classEnd(CharSequence pattern, int open, int[] closings) {
        int first = open + 1;
        if (first < pattern.length() && (pattern.charAt(first) == '!' || pattern.charAt(first) == '^')) {
            first++;
        }
        if (first < pattern.length() && pattern.charAt(first) == ']') {
            first++; // a ] first is one of the class's characters
        }
        return closings[first];
    }

    private static CharClass charClass(CharSequence pattern, int open, int end) {
        int i = open + 1;
        boolean negated = pattern.charAt(i) == '!' || pattern.charAt(i) == '^';
        if (negated) {
            i++;
        }
        int[] ranges = new int[8];
        int count = 0;
        while (i < end) {
            if (pattern.charAt(i) == '\\') {
                i++; // the escaped character is one of the class's, whatever it is
            }
            int first = Character.codePointAt(pattern, i);
            i += Character.charCount(first);
            int last = first;
            if (i + 1 < end && pattern.charAt(i) == '-') {
                i++;
                if (pattern.charAt(i) == '\\') {
                    i++;
                }
                last = Character.codePointAt(pattern, i);
                i += Character.charCount(last);
            }
            if (count + 2 > ranges.length) {
                ranges = Arrays.copyOf(ranges, ranges.length * 2);
            }
            ranges[count++] = first;
            ranges[count++] = last;
        }
        return new CharClass(Arrays.copyOf(ranges, count), negated);
    }

    /**
     * Pairs every closing brace with the latest brace still open and gives each comma to the brace open around it;
     * a pair with a comma is a group, anything else is read as text.
     */
    private void resolveBraces() {
        int[] partner = new int[size];
        int[] commas = new int[size];
        int[] owner = new int[size];
        Arrays.fill(partner, -1);
        int[] open = new int[size];
        int depth = 0;
        for (int t = 0; t < size; t++) {
            switch (types[t]) {
                case OPEN -> open[depth++] = t;
                case COMMA -> {
                    owner[t] = depth > 0 ? open[depth - 1] : -1;
                    if (depth > 0) {
                        commas[open[depth - 1]]++;
                    }
                }
                case CLOSE -> {
                    if (depth > 0) {
                        int opened = open[--depth];
                        partner[opened] = t;
                        partner[t] = opened;
                    }
                }
                default -> {}
            }
        }
        for (int t = 0; t < size; t++) {
            boolean group = switch (types[t]) {
                case OPEN -> partner[t] >= 0 && commas[t] > 0;
                case CLOSE -> partner[t] >= 0 && commas[partner[t]] > 0;
                case COMMA -> owner[t] >= 0 && partner[owner[t]] >= 0;
                default -> true;
            };
            if (!group) {
                types[t] = LITERAL;
            }
        }
    }
}
