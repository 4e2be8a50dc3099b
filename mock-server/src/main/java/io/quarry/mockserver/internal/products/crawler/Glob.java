package io.quarry.mockserver.internal.products.crawler;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A URL pattern as crawler configurations write them: {@code **} matches any characters, {@code /} included;
 * {@code *} any characters but {@code /}; {@code ?} one character but {@code /}; everything else itself.
 */
final class Glob {

    private final String text;
    private final boolean negated;
    private final Pattern pattern;

    private Glob(String text, boolean negated, Pattern pattern) {
        this.text = text;
        this.negated = negated;
        this.pattern = pattern;
    }

    /**
     * {@return it compiled}
     *
     * @param written the pattern; a leading {@code !} makes it a negated pattern (see {@link #matchesList})
     */
    static Glob of(String written) {
        boolean negated = written.startsWith("!");
        String glob = negated ? written.substring(1) : written;
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' || c == '?') {
                regex.append(Pattern.quote(literal.toString()));
                literal.setLength(0);
                if (c == '?') {
                    regex.append("[^/]");
                } else if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                    regex.append(".*");
                    i++;
                } else {
                    regex.append("[^/]*");
                }
            } else {
                literal.append(c);
            }
        }
        regex.append(Pattern.quote(literal.toString()));
        return new Glob(written, negated, Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    /**
     * {@return whether the whole URL matches}
     *
     * @param value a URL
     */
    boolean matches(String value) {
        return pattern.matcher(value).matches();
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
