package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.engine.internal.text.UrlWildcards;
import java.util.List;

/**
 * A URL pattern as crawler configurations write them, a glob: {@code **} matches any characters, {@code /}
 * included; {@code *} any characters but {@code /}; {@code ?} one character but {@code /}; {@code [a-z]},
 * {@code [!a]} one character of a class (or not of it); {@code {a,b}} one of the alternatives; a backslash makes the
 * next character stand for itself; everything else itself (matched without backtracking, braces not expanded: see
 * {@link UrlWildcards#glob}).
 */
final class Glob {

    /** Longest pattern, in characters: longer than any URL a crawl keeps, and it bounds what a match costs. */
    static final int MAX_LENGTH = 2048;

    private final String text;
    private final boolean negated;
    private final UrlWildcards pattern;

    private Glob(String text, boolean negated, UrlWildcards pattern) {
        this.text = text;
        this.negated = negated;
        this.pattern = pattern;
    }

    /**
     * {@return it compiled}
     *
     * @param written the pattern, at most {@link #MAX_LENGTH} characters; a leading {@code !} makes it a negated
     *     pattern (see {@link #matchesList}), and each further one negates again ({@code !!a} is {@code a})
     * @throws IllegalArgumentException when it is longer
     */
    static Glob of(String written) {
        if (written.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("a URL pattern has at most " + MAX_LENGTH + " characters");
        }
        int bangs = 0;
        while (bangs < written.length() && written.charAt(bangs) == '!') {
            bangs++;
        }
        return new Glob(written, bangs % 2 == 1, UrlWildcards.glob(written.substring(bangs)));
    }

    /**
     * {@return the characters from its first {@code *} or <code>{</code> to its end: what a match may have to follow
     * at each character of the value} Before them a pattern is fixed text, classes and {@code ?}, which a match
     * follows at one place at a time; from the first wildcard or brace on, every place may be live at once (as
     * {@code **aaa...} against {@code aaa...}), so a match costs up to the value's length times these characters.
     */
    int wildcardPart() {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '*' || text.charAt(i) == '{') {
                return text.length() - i;
            }
        }
        return 0;
    }

    /** {@return whether the whole value matches the pattern after its {@code !}, if any} */
    boolean matches(String value) {
        return pattern.matches(value);
    }

    /**
     * Whether a list of patterns selects a value, read as micromatch reads a list: in order, the last pattern that
     * matches decides, a plain one selecting the value and a negated one ({@code !}) deselecting it. A value no
     * pattern matches is selected only when every pattern is negated: a list of exceptions alone selects everything
     * else. So {@code [a/**, !a/b/**]} selects {@code a/c} but not {@code a/b/c}, and {@code [!a/b/**, a/b/c]}
     * selects {@code a/b/c} again.
     *
     * @param patterns the patterns as written, in order; none selects everything
     * @param value the URL or name
     * @return whether it is selected
     */
    static boolean matchesList(List<Glob> patterns, String value) {
        // from the last: the first pattern that matches is the one that decides, and the others need no matching
        for (int i = patterns.size() - 1; i >= 0; i--) {
            Glob glob = patterns.get(i);
            if (glob.matches(value)) {
                return !glob.negated;
            }
        }
        return patterns.stream().allMatch(glob -> glob.negated);
    }

    /**
     * {@return whether a list of exclusion (or removal) patterns takes a value: none takes nothing, else as
     * {@link #matchesList}}
     *
     * @param patterns the patterns as written, in order
     * @param value a URL or name
     */
    static boolean excludes(List<Glob> patterns, String value) {
        return !patterns.isEmpty() && matchesList(patterns, value);
    }

    @Override
    public String toString() {
        return text;
    }
}
