package io.quarry.mockserver.internal.products.crawler;

import java.util.Arrays;
import java.util.List;

/**
 * A URL pattern as crawler configurations write them: {@code **} matches any characters, {@code /} included;
 * {@code *} any characters but {@code /}; {@code ?} one character but {@code /}; everything else itself.
 *
 * <p>Matched by stepping every place the pattern can be at through the value, one character at a time, so a match
 * costs at most the value's length times the pattern's, whatever the pattern. (A regular expression made of
 * {@code .*} pieces backtracks: nine {@code **} took minutes against a 70-character URL.)
 */
final class Glob {

    /** Longest pattern, in characters: longer than any URL a crawl keeps, and it bounds what a match costs. */
    static final int MAX_LENGTH = 2048;

    private static final int ANY = -1; // **
    private static final int ANY_IN_SEGMENT = -2; // *
    private static final int ONE_IN_SEGMENT = -3; // ?

    private final String text;
    private final boolean negated;
    /** The pattern's code points, or one of the wildcards above. */
    private final int[] tokens;

    private Glob(String text, boolean negated, int[] tokens) {
        this.text = text;
        this.negated = negated;
        this.tokens = tokens;
    }

    /**
     * {@return it compiled}
     *
     * @param written the pattern, at most {@link #MAX_LENGTH} characters; a leading {@code !} makes it a negated
     *     pattern (see {@link #matchesList})
     * @throws IllegalArgumentException when it is longer
     */
    static Glob of(String written) {
        if (written.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("a URL pattern has at most " + MAX_LENGTH + " characters");
        }
        boolean negated = written.startsWith("!");
        String glob = negated ? written.substring(1) : written;
        int[] tokens = new int[glob.length()];
        int count = 0;
        for (int i = 0; i < glob.length(); ) {
            int c = glob.codePointAt(i);
            i += Character.charCount(c);
            if (c == '*' && i < glob.length() && glob.charAt(i) == '*') {
                i++;
                tokens[count++] = ANY;
            } else if (c == '*') {
                tokens[count++] = ANY_IN_SEGMENT;
            } else if (c == '?') {
                tokens[count++] = ONE_IN_SEGMENT;
            } else {
                tokens[count++] = c;
            }
        }
        return new Glob(written, negated, Arrays.copyOf(tokens, count));
    }

    /**
     * {@return whether the whole URL matches}
     *
     * @param value a URL
     */
    boolean matches(String value) {
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

    /**
     * Whether a URL matches a list of patterns where a leading {@code !} negates: at least one positive pattern
     * matches (or there is none) and no negated pattern does.
     *
     * @param patterns the patterns as written
     * @param value the URL
     * @return whether it matches
     */
    static boolean matchesList(List<Glob> patterns, String value) {
        boolean anyPositive = false;
        boolean positiveMatch = false;
        for (Glob glob : patterns) {
            if (glob.negated) {
                if (glob.matches(value)) {
                    return false;
                }
            } else {
                anyPositive = true;
                positiveMatch |= glob.matches(value);
            }
        }
        return !anyPositive || positiveMatch;
    }

    /**
     * {@return whether any pattern matches}
     *
     * @param patterns patterns (negation ignored)
     * @param value a URL or name
     */
    static boolean matchesAny(List<Glob> patterns, String value) {
        for (Glob glob : patterns) {
            if (glob.matches(value)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return text;
    }
}
