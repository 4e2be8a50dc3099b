package io.quarry.mockserver.internal.auth;

/** Shows that a key is there, and which of several it is, without showing the key. */
public final class KeyMask {

    /** What stands for a key, or a part of one, that is not shown. */
    public static final String HIDDEN = "••••";

    /** Keys shorter than this show nothing of themselves: four characters of them would be too much of them. */
    private static final int SHOWS_TAIL_FROM = 16;

    private KeyMask() {}

    /**
     * {@return the key masked: {@value #HIDDEN} and, for a key of 16 characters or more, its last four}
     *
     * @param key a key, or {@code null}
     */
    public static String of(String key) {
        if (key == null || key.length() < SHOWS_TAIL_FROM) {
            return HIDDEN;
        }
        return HIDDEN + key.substring(key.length() - 4);
    }
}
