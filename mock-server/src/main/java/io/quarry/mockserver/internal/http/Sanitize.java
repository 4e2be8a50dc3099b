package io.quarry.mockserver.internal.http;

/** Makes caller-supplied text safe to echo in a header or message: control characters dropped, length cut. */
public final class Sanitize {

    /** The most characters of caller text echoed back. */
    public static final int MAX_ECHO = 200;

    private Sanitize() {}

    /**
     * {@return it without control characters, cut at {@value #MAX_ECHO} characters}
     *
     * @param text caller text, or {@code null}
     */
    public static String shortText(String text) {
        return cut(text, MAX_ECHO);
    }

    /**
     * {@return it without control characters, cut at {@code max} characters (with an ellipsis mark), or
     *     {@code null}}
     *
     * @param text caller text, or {@code null}
     * @param max the most characters kept
     */
    public static String cut(String text, int max) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), max));
        for (int i = 0; i < text.length() && out.length() < max; i++) {
            char c = text.charAt(i);
            if (!Character.isISOControl(c)) {
                out.append(c);
            }
        }
        return out.length() < text.length() && out.length() >= max ? out + "..." : out.toString();
    }
}
