package io.quarry.mockserver.engine.internal.text;

/**
 * Finding one text inside another in time linear in both lengths. {@link String#indexOf(String)} tries the part
 * at every position, so a long part that almost matches a long text everywhere (a user's query against a stored
 * ID, say) costs the product of the two lengths: minutes for a few hundred thousand characters.
 */
public final class TextSearch {

    private TextSearch() {}

    /**
     * {@return each character folded to one case, so that two texts equal but for case fold to the same string} A
     * character maps to one character, as {@link String#regionMatches(boolean, int, String, int, int)} compares
     * them, so an offset in the folded text is the same offset in the original. {@link String#toLowerCase} does
     * not keep lengths ({@code U+0130} becomes two characters).
     *
     * @param text any text
     */
    public static String foldCase(String text) {
        char[] folded = new char[text.length()];
        for (int i = 0; i < folded.length; i++) {
            folded[i] = Character.toLowerCase(Character.toUpperCase(text.charAt(i)));
        }
        return new String(folded);
    }

    /**
     * {@return where the part first occurs in the text, ignoring case as {@link #foldCase} does, or -1}
     *
     * @param text the text searched
     * @param part the text looked for; an empty part occurs at 0
     */
    public static int indexOfIgnoreCase(String text, String part) {
        String foldedPart = foldCase(part);
        int after = endOfFirst(foldedPart, foldCase(text), 0, text.length());
        return after < 0 ? -1 : after - foldedPart.length();
    }

    /**
     * {@return where the first occurrence of the part inside {@code text[from, end)} ends, or -1} Knuth-Morris-Pratt:
     * each character of the text is read a bounded number of times.
     *
     * @param part the text looked for, compared character for character; an empty part ends at {@code from}
     * @param text the text searched
     * @param from the first index searched
     * @param end the index after the last one searched
     */
    public static int endOfFirst(String part, CharSequence text, int from, int end) {
        if (part.isEmpty()) {
            return from;
        }
        int[] border = borders(part);
        int matched = 0;
        for (int at = from; at < end; at++) {
            char c = text.charAt(at);
            while (matched > 0 && part.charAt(matched) != c) {
                matched = border[matched - 1];
            }
            if (part.charAt(matched) == c) {
                matched++;
            }
            if (matched == part.length()) {
                return at + 1;
            }
        }
        return -1;
    }

    /** {@return for each prefix of the part, the length of its longest proper prefix that is also its suffix} */
    private static int[] borders(String part) {
        int[] border = new int[part.length()];
        int length = 0;
        for (int i = 1; i < part.length(); i++) {
            while (length > 0 && part.charAt(i) != part.charAt(length)) {
                length = border[length - 1];
            }
            if (part.charAt(i) == part.charAt(length)) {
                length++;
            }
            border[i] = length;
        }
        return border;
    }
}
