package io.quarry.mockserver.engine.internal.text;

import java.util.Arrays;

/**
 * A pattern over URLs or paths: {@code **} matches any characters, {@code /} included; {@code *} any characters
 * but {@code /}; with {@link #withQuestionMarks}, {@code ?} one character but {@code /}; everything else itself.
 *
 * <p>Matched by stepping every place the pattern can be at through the value, one character at a time, so a match
 * costs at most the value's length times the pattern's, whatever the pattern. (A regular expression made of
 * {@code .*} pieces backtracks: nine {@code **} took minutes against a 70-character URL.)
 */
public final class UrlWildcards {

    private static final int ANY = -1; // **
    private static final int ANY_IN_SEGMENT = -2; // *
    private static final int ONE_IN_SEGMENT = -3; // ?

    /** The pattern's code points, or one of the wildcards above. */
    private final int[] tokens;

    private UrlWildcards(int[] tokens) {
        this.tokens = tokens;
    }

    /**
     * {@return the pattern, where {@code ?} stands for itself}
     *
     * @param pattern the pattern
     */
    public static UrlWildcards of(String pattern) {
        return compile(pattern, false);
    }

    /**
     * {@return the pattern, where {@code ?} stands for one character but {@code /}}
     *
     * @param pattern the pattern
     */
    public static UrlWildcards withQuestionMarks(String pattern) {
        return compile(pattern, true);
    }

    private static UrlWildcards compile(String pattern, boolean questionMarks) {
        int[] tokens = new int[pattern.length()];
        int count = 0;
        for (int i = 0; i < pattern.length(); ) {
            int c = pattern.codePointAt(i);
            i += Character.charCount(c);
            if (c == '*' && i < pattern.length() && pattern.charAt(i) == '*') {
                i++;
                tokens[count++] = ANY;
            } else if (c == '*') {
                tokens[count++] = ANY_IN_SEGMENT;
            } else if (c == '?' && questionMarks) {
                tokens[count++] = ONE_IN_SEGMENT;
            } else {
                tokens[count++] = c;
            }
        }
        return new UrlWildcards(Arrays.copyOf(tokens, count));
    }

    /**
     * {@return whether the whole value matches}
     *
     * @param value a URL or path
     */
    public boolean matches(String value) {
        int places = tokens.length + 1; // before each token, and past the last
        boolean[] now = new boolean[places];
        boolean[] next = new boolean[places];
        reach(now, 0);
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            Arrays.fill(next, false);
            boolean any = false;
            for (int at = 0; at < tokens.length; at++) {
                if (!now[at]) {
                    continue;
                }
                int token = tokens[at];
                if (token == ANY || (token == ANY_IN_SEGMENT && c != '/')) {
                    reach(next, at); // the wildcard takes c, and may take more or end there
                    any = true;
                } else if (token == c || (token == ONE_IN_SEGMENT && c != '/')) {
                    reach(next, at + 1);
                    any = true;
                }
            }
            if (!any) {
                return false;
            }
            boolean[] swap = now;
            now = next;
            next = swap;
        }
        return now[tokens.length];
    }

    /** Marks a place reached, and the places after the star wildcards from there, which may match nothing. */
    private void reach(boolean[] places, int at) {
        places[at] = true;
        while (at < tokens.length && (tokens[at] == ANY || tokens[at] == ANY_IN_SEGMENT)) {
            places[++at] = true;
        }
    }
}
