package io.quarry.core;

import io.quarry.core.internal.base.HeaderNames;

/** Which names a default or per-call header may have: an HTTP token that the client does not set itself. */
final class DefaultHeaderNames {

    private DefaultHeaderNames() {}

    /** {@return whether the client sets this header itself (its case aside)} */
    static boolean ownedByTheClient(String name) {
        return HeaderNames.ownedByTheClient(name);
    }

    /** {@return whether the name is an HTTP token (RFC 9110), what a header's name must be} */
    static boolean isToken(String name) {
        return HeaderNames.isToken(name);
    }
}
