package io.quarry.mockserver.internal.http.faults;

import java.util.regex.Pattern;

/**
 * A path pattern of a fault rule: {@code *} stands for any characters within one segment, {@code **} for any
 * characters across segments; everything else is literal and compared with the raw (encoded) path.
 */
final class PathPattern {

    /** The longest pattern taken, so matching stays cheap. */
    static final int MAX_LENGTH = 1000;

    private final String text;
    private final Pattern regex;

    PathPattern(String text) {
        if (text == null || text.isEmpty() || text.length() > MAX_LENGTH || !text.startsWith("/")) {
            throw new IllegalArgumentException(
                    "the path pattern must start with / and hold at most " + MAX_LENGTH + " characters");
        }
        this.text = text;
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '*' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        this.regex = Pattern.compile(regex.toString());
    }

    boolean matches(String rawPath) {
        return regex.matcher(rawPath).matches();
    }

    @Override
    public String toString() {
        return text;
    }
}
