package io.quarry.mockserver.internal.auth;

/**
 * Which key values a user may set (the admin, monitoring, usage and crawler keys, a seeded key): those the server can
 * mask whole wherever it shows a request again. The journal, the request log and a search's echo find a key as a run
 * of ASCII letters, digits, {@code -} and {@code _}, and cut long texts at bounds derived from the longest such run
 * ({@link KeyLength}); a key holding any other character would be found in parts, or not at all once escaped, and
 * could show. The service's own keys (32 hexadecimal characters), a UUID and a SHA-1 in hexadecimal fit.
 */
public final class ChosenKey {

    private ChosenKey() {}

    /**
     * {@return what is wrong with the value, as words that follow the name of where it was given ("must be ..."), or
     *     {@code null} when the server takes it}; never the value itself, which may be a key
     *
     * @param value a key value a user sets, not empty
     */
    public static String problem(String value) {
        if (KeyLength.tooLong(value)) {
            return "must be at most " + KeyLength.MAX_CHARS + " characters long (it has " + value.length() + ")";
        }
        for (int i = 0; i < value.length(); i++) {
            if (!KeyScrub.isKeyChar(value.charAt(i))) {
                return "must hold only ASCII letters, digits, '-' and '_' (character " + (i + 1) + " is none of them)";
            }
        }
        return null;
    }
}
