package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.engine.internal.text.Utf16;
import java.nio.charset.StandardCharsets;

/**
 * Which index names the server takes: non-empty, at most {@value #MAX_BYTES} bytes of UTF-8 (so no surrogate out
 * of its pair, which has no UTF-8 form), no control characters, not {@code .} or {@code ..} (which URLs cannot carry as a path segment), and not {@code *}, which only
 * multi-index routes accept, as a literal part of their path. Anything else is a 400.
 */
public final class IndexNames {

    /** The longest index name, in UTF-8 bytes. */
    public static final int MAX_BYTES = 512;

    private IndexNames() {}

    /**
     * {@return it}
     *
     * @param name an index name
     * @throws ApiException 400 when it is not a valid index name
     */
    public static String requireValid(String name) {
        String problem = problem(name);
        if (problem != null) {
            throw ApiException.badRequest("Invalid index name: " + problem);
        }
        return name;
    }

    /**
     * {@return what is wrong with it, or {@code null} when it is valid}
     *
     * @param name an index name
     */
    public static String problem(String name) {
        if (name == null || name.isEmpty()) {
            return "it must not be empty";
        }
        if (name.length() > MAX_BYTES || name.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return "it must hold at most " + MAX_BYTES + " bytes";
        }
        if (name.chars().anyMatch(Character::isISOControl)) {
            return "it must not contain control characters";
        }
        if (Utf16.hasUnpairedSurrogate(name)) {
            return "it must not contain an unpaired surrogate";
        }
        if (name.equals(".") || name.equals("..")) {
            return "it must not be . or ..";
        }
        if (name.equals("*")) {
            return "* names every index only on multi-index endpoints";
        }
        return null;
    }
}
