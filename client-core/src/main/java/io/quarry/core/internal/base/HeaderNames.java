package io.quarry.core.internal.base;

import java.util.Locale;
import java.util.Set;

/** What a header's name may be, for every place that takes one from a caller or an observer. */
public final class HeaderNames {

    /**
     * Names the client or OkHttp sets on every request, or that frame the message or the connection, in lower case:
     * a header of a caller's or an observer's with one of them would replace what the call needs (its host, its
     * length, its coding).
     */
    private static final Set<String> OWNED = Set.of(
            "accept",
            "user-agent",
            "host",
            "connection",
            "keep-alive",
            "proxy-connection",
            "te",
            "trailer",
            "transfer-encoding",
            "upgrade",
            "expect");

    /** The body's own headers ({@code Content-Length}, {@code Content-Type}, {@code Content-Encoding}, ...). */
    private static final String BODY_PREFIX = "content-";

    private HeaderNames() {}

    /**
     * {@return whether the client sets this header itself on every request (its case aside)}
     *
     * @param name a header name
     */
    public static boolean ownedByTheClient(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return OWNED.contains(lower) || lower.startsWith(BODY_PREFIX);
    }

    /**
     * {@return whether the name is an HTTP token (RFC 9110, section 5.1), what a header's name must be}
     *
     * @param name the name; null is no token
     */
    public static boolean isToken(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (!alphanumeric && "!#$%&'*+-.^_`|~".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }
}
