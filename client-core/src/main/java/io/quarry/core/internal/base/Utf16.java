package io.quarry.core.internal.base;

/** Whether Java text has a UTF-8 form: one surrogate without its pair has none, and Java writes it as {@code ?}. */
public final class Utf16 {

    private Utf16() {}

    /**
     * Finds the first surrogate that is not part of a pair.
     *
     * @param text the text
     * @return its index, or -1 when every surrogate is paired
     */
    public static int unpairedSurrogateAt(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++; // a pair
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
