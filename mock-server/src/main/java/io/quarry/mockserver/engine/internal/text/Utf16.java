package io.quarry.mockserver.engine.internal.text;

/** Checks on UTF-16 text as Java holds it. */
public final class Utf16 {

    private Utf16() {}

    /**
     * {@return whether the text holds a surrogate out of its pair} JSON can carry one as an escape
     * ({@code "\ud800"}), but it has no UTF-8 form: a name holding one cannot be written in a URL, and JSON holding
     * one is refused by many parsers.
     *
     * @param text any text
     */
    public static boolean hasUnpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
