package io.quarry.core;

import java.util.Locale;
import java.util.Set;

/** Which names a default header may have: an HTTP token that the client does not set itself. */
final class DefaultHeaderNames {

    /**
     * Names the client or OkHttp sets on every request, or that frame the message or the connection, in lower case:
     * a default header with one of them would replace what the call needs (its host, its length, its coding).
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

    private DefaultHeaderNames() {}

    /** {@return whether the client sets this header itself (its case aside)} */
    static boolean ownedByTheClient(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return OWNED.contains(lower) || lower.startsWith(BODY_PREFIX);
    }

    /** {@return whether the name is an HTTP token (RFC 9110), what a header's name must be} */
    static boolean isToken(String name) {
        if (name.isEmpty()) {
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
