package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.engine.internal.text.UrlWildcards;
import java.util.List;

/**
 * A URL pattern as crawler configurations write them: {@code **} matches any characters, {@code /} included;
 * {@code *} any characters but {@code /}; {@code ?} one character but {@code /}; everything else itself (matched
 * without backtracking, see {@link UrlWildcards}).
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
     *     pattern (see {@link #matchesList})
     * @throws IllegalArgumentException when it is longer
     */
    static Glob of(String written) {
        if (written.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("a URL pattern has at most " + MAX_LENGTH + " characters");
        }
        boolean negated = written.startsWith("!");
        return new Glob(written, negated, UrlWildcards.withQuestionMarks(negated ? written.substring(1) : written));
    }

    /**
     * {@return whether the whole URL matches}
     *
     * @param value a URL
     */
    boolean matches(String value) {
        return pattern.matches(value);
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
