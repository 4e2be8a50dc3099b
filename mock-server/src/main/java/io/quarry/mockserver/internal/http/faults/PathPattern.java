package io.quarry.mockserver.internal.http.faults;

import io.quarry.mockserver.engine.internal.text.UrlWildcards;

/**
 * A path pattern of a fault rule: {@code *} stands for any characters within one segment, {@code **} for any
 * characters across segments; everything else is literal and compared with the raw (encoded) path. Matched without
 * backtracking ({@link UrlWildcards}): every request is matched against every rule.
 */
final class PathPattern {

    /** The longest pattern taken, so matching stays cheap. */
    static final int MAX_LENGTH = 1000;

    private final String text;
    private final UrlWildcards pattern;

    PathPattern(String text) {
        if (text == null || text.isEmpty() || text.length() > MAX_LENGTH || !text.startsWith("/")) {
            throw new IllegalArgumentException(
                    "the path pattern must start with / and hold at most " + MAX_LENGTH + " characters");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '?' || c == '#') {
                throw new IllegalArgumentException("the path pattern is matched against the path alone: it cannot"
                        + " hold a query string or a fragment (" + c + ")");
            }
            if (c <= ' ' || c == 0x7f) {
                throw new IllegalArgumentException(
                        "the path pattern cannot hold a space or a control character, which no request path has");
            }
        }
        this.text = text;
        this.pattern = UrlWildcards.of(text);
    }

    boolean matches(String rawPath) {
        return pattern.matches(rawPath);
    }

    @Override
    public String toString() {
        return text;
    }
}
