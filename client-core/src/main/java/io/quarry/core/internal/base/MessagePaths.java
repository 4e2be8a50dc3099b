package io.quarry.core.internal.base;

/**
 * Bounds the path an exception's message shows. An index name or objectID has no length limit of the client's
 * own, and a message travels whole into log lines and tracing spans; the exception's {@code path()} keeps the path
 * whole for code that needs it.
 */
public final class MessagePaths {

    /** The most characters of a path a message shows; a longer one shows its start and {@link #CUT}. */
    public static final int MAX_LENGTH = 1024;

    /** The end of a path that was cut. */
    public static final String CUT = "...";

    private MessagePaths() {}

    /**
     * The path as a message shows it.
     *
     * @param path the path called, keys masked
     * @return the path, or its start and {@link #CUT} when it is longer than {@link #MAX_LENGTH}
     */
    public static String shown(String path) {
        if (path == null || path.length() <= MAX_LENGTH) {
            return path;
        }
        int end = MAX_LENGTH - CUT.length();
        if (Character.isHighSurrogate(path.charAt(end - 1))) {
            end--; // never half a character
        }
        return path.substring(0, end) + CUT;
    }
}
