package io.quarry.core.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.io.JsonStringEncoder;

/**
 * Member names as JSON text (quoted, escaped, UTF-8), each encoded once: the generated members of hits are few names
 * ({@code _highlightResult}, {@code _snippetResult}, {@code _rankingInfo}, ...) met on every hit.
 */
final class MemberNames {

    /** Bounds the cache should a service send ever new names. */
    static final int MAX_CACHED = 64;

    private static final Map<String, byte[]> QUOTED = new ConcurrentHashMap<>();

    private MemberNames() {}

    /**
     * A name as JSON text.
     *
     * @param name the name
     * @return it quoted and escaped, UTF-8; not to be modified
     */
    static byte[] quoted(String name) {
        byte[] quoted = QUOTED.get(name);
        if (quoted == null) {
            byte[] escaped = JsonStringEncoder.getInstance().quoteAsUTF8(name);
            quoted = new byte[escaped.length + 2];
            quoted[0] = '"';
            System.arraycopy(escaped, 0, quoted, 1, escaped.length);
            quoted[quoted.length - 1] = '"';
            if (QUOTED.size() < MAX_CACHED) {
                QUOTED.putIfAbsent(name, quoted);
            }
        }
        return quoted;
    }
}
