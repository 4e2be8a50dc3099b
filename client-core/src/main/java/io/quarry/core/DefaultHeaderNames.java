package io.quarry.core;

import io.quarry.core.internal.base.HeaderNames;
import java.util.Locale;
import java.util.Set;

/** Which names a default or per-call header may have: an HTTP token that the client does not set itself. */
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
        return HeaderNames.isToken(name);
    }
}
